// OpenSSL's libcrypto, for HMAC-SHA256, Ed25519 signatures (EVP) and constant-time comparison
// (Linux; CryptoKit elsewhere).
// SHA256_Init/Update/Final are deprecated in OpenSSL 3 but kept (and fast): HMACSHA256.PreparedKey
// copies their plain state structs to reuse the hashed key blocks. Silence the deprecation warnings.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
