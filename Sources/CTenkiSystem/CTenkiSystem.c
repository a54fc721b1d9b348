#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "CTenkiSystem.h"

#ifdef __linux__
#include <sched.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

const uint32_t TENKI_EPOLLIN = EPOLLIN;
const uint32_t TENKI_EPOLLOUT = EPOLLOUT;
const uint32_t TENKI_EPOLLERR = EPOLLERR;
const uint32_t TENKI_EPOLLHUP = EPOLLHUP;
const uint32_t TENKI_EPOLLRDHUP = EPOLLRDHUP;
const uint32_t TENKI_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;

int tenki_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int tenki_allowed_cpu_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return -1;
    return CPU_COUNT(&set);
}

static int tenki_epoll_ctl(int epfd, int op, int fd, uint32_t events) {
    struct epoll_event event = {0};
    event.events = events;
    event.data.fd = fd;
    return epoll_ctl(epfd, op, fd, &event);
}

int tenki_epoll_add(int epfd, int fd, uint32_t events) { return tenki_epoll_ctl(epfd, EPOLL_CTL_ADD, fd, events); }
int tenki_epoll_modify(int epfd, int fd, uint32_t events) { return tenki_epoll_ctl(epfd, EPOLL_CTL_MOD, fd, events); }
int tenki_epoll_remove(int epfd, int fd) { return tenki_epoll_ctl(epfd, EPOLL_CTL_DEL, fd, 0); }

int tenki_epoll_wait(int epfd, tenki_epoll_event *out, int max, int timeout_ms) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    int count = epoll_wait(epfd, events, max, timeout_ms);
    for (int i = 0; i < count; i++) {
        out[i].fd = events[i].data.fd;
        out[i].events = events[i].events;
    }
    return count;
}

int tenki_accept(int fd, void *addr, uint32_t *len) {
    socklen_t length = *len;
    int result = accept4(fd, (struct sockaddr *)addr, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
    *len = length;
    return result;
}

int tenki_eventfd_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void tenki_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t ignored = write(fd, &one, sizeof one);
    (void)ignored;
}

void tenki_eventfd_drain(int fd) {
    uint64_t value;
    ssize_t ignored = read(fd, &value, sizeof value);
    (void)ignored;
}
#endif
