// OpenSSL's libcrypto, for HMAC-SHA256 and constant-time comparison (Linux; CryptoKit elsewhere).
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
