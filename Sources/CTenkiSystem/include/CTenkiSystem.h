#ifndef C_TENKI_SYSTEM_H
#define C_TENKI_SYSTEM_H
// Placeholder; the HTTP server's system calls are declared here.
#endif
