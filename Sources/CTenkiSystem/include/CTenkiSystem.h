#ifndef C_TENKI_SYSTEM_H
#define C_TENKI_SYSTEM_H
// The few Linux system calls the HTTP server needs and Swift's Glibc module does not expose.
// Wrappers take and return plain integers so Swift never sees glibc's packed `struct epoll_event`
// or its union; every function returns what the underlying call returns (-1 with errno on failure).

#ifdef __linux__
#include <stdint.h>

/// Readiness bits, mirrored from <sys/epoll.h> so Swift code does not need that header.
extern const uint32_t TENKI_EPOLLIN;
extern const uint32_t TENKI_EPOLLOUT;
extern const uint32_t TENKI_EPOLLERR;
extern const uint32_t TENKI_EPOLLHUP;
extern const uint32_t TENKI_EPOLLRDHUP;
extern const uint32_t TENKI_EPOLLEXCLUSIVE;

/// One ready file descriptor, as `tenki_epoll_wait` reports it.
typedef struct {
    int32_t fd;
    uint32_t events;
} tenki_epoll_event;

/// `epoll_create1(EPOLL_CLOEXEC)`.
int tenki_epoll_create(void);
/// `epoll_ctl` with `EPOLL_CTL_ADD`; the event's data is the file descriptor itself.
int tenki_epoll_add(int epfd, int fd, uint32_t events);
/// `epoll_ctl` with `EPOLL_CTL_MOD`.
int tenki_epoll_modify(int epfd, int fd, uint32_t events);
/// `epoll_ctl` with `EPOLL_CTL_DEL`.
int tenki_epoll_remove(int epfd, int fd);
/// `epoll_wait`, copying at most `max` (clamped to 256) events into `out`.
int tenki_epoll_wait(int epfd, tenki_epoll_event *out, int max, int timeout_ms);

/// How many CPUs this process may run on (`sched_getaffinity`), or -1 if unknown: under `taskset -c 0`
/// (or a cpuset) that is fewer than the machine has.
int tenki_allowed_cpu_count(void);

/// `accept4(fd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC)`; `addr` points to a `struct sockaddr_storage`.
int tenki_accept(int fd, void *addr, uint32_t *len);

/// `eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)`: lets another thread wake a loop blocked in epoll_wait.
int tenki_eventfd_create(void);
/// Adds one to the counter, waking the loop; never blocks.
void tenki_eventfd_signal(int fd);
/// Resets the counter to zero after a wake-up.
void tenki_eventfd_drain(int fd);
#endif

// libcurl, loaded at run time (every platform).
#include "tenki_curl.h"
#include "tenki_pq.h"

#endif
