#ifndef CLINUX_H
#define CLINUX_H

/* Linux calls that Swift's Glibc module does not import (they need _GNU_SOURCE). */

/* 1 when the calling thread is the process's main thread, else 0. */
int clinux_is_main_thread(void);

/* A non-blocking, close-on-exec eventfd, or -1 with errno set. */
int clinux_eventfd(void);

/* Adds one to an eventfd counter; returns 0, or -1 with errno set. */
int clinux_eventfd_signal(int fd);

/* Resets an eventfd counter to zero; returns 0, or -1 with errno set. */
int clinux_eventfd_drain(int fd);

/* An anonymous in-memory file (memfd_create), close-on-exec, or -1 with errno set. */
int clinux_memfd(const char *name);

/* The descriptor that becomes readable when work is queued on
 * DispatchQueue.main, and the drain that runs that work: libdispatch's hooks
 * for a run loop that is not dispatch_main (CoreFoundation's uses them). */
int clinux_main_queue_descriptor(void);
void clinux_drain_main_queue(void);

#endif

/* Makes SIGTERM and SIGINT write their number to a pipe instead of killing
 * the process, and returns the pipe's non-blocking read end (-1 on error).
 * A main loop watches the descriptor and shuts down cleanly. */
int clinux_termination_pipe(void);

/* Reads the signal number a termination pipe carries, or -1 when none. */
int clinux_read_termination(int fd);
