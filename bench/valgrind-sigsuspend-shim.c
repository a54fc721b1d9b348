// Valgrind 3.19 (Debian 12) crashes when a program calls sigsuspend() with a mask in read-only
// memory: its rt_sigsuspend wrapper edits the mask in place. libdispatch's signal thread (the
// main thread of an async Swift main) does exactly that. Preloaded under valgrind only
// (bench/profile.sh), this passes a writable copy instead. Not linked into Tenki.
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, (size_t)(_NSIG / 8));
}
