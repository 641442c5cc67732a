#define _GNU_SOURCE
#include "clinux.h"

#include <errno.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>

int clinux_is_main_thread(void) {
    return gettid() == getpid();
}

int clinux_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int clinux_eventfd_signal(int fd) {
    uint64_t one = 1;
    for (;;) {
        if (write(fd, &one, sizeof one) == (ssize_t)sizeof one) return 0;
        if (errno == EINTR) continue;
        /* EAGAIN: the counter is already saturated, so the reader will wake anyway. */
        return errno == EAGAIN ? 0 : -1;
    }
}

int clinux_eventfd_drain(int fd) {
    uint64_t count;
    for (;;) {
        if (read(fd, &count, sizeof count) == (ssize_t)sizeof count) return 0;
        if (errno == EINTR) continue;
        return errno == EAGAIN ? 0 : -1;
    }
}

#include <fcntl.h>
#include <signal.h>
#include <string.h>

static int termination_write_end = -1;

static void clinux_on_termination(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (termination_write_end >= 0) {
        ssize_t ignored = write(termination_write_end, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int clinux_termination_pipe(void) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    termination_write_end = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clinux_on_termination;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGTERM, &action, NULL) != 0 || sigaction(SIGINT, &action, NULL) != 0) return -1;
    signal(SIGPIPE, SIG_IGN);
    return fds[0];
}

int clinux_read_termination(int fd) {
    unsigned char byte;
    for (;;) {
        ssize_t count = read(fd, &byte, 1);
        if (count == 1) return byte;
        if (count < 0 && errno == EINTR) continue;
        return -1;
    }
}

int clinux_memfd(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int clinux_main_queue_descriptor(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

void clinux_drain_main_queue(void) {
    _dispatch_main_queue_callback_4CF(NULL);
}
