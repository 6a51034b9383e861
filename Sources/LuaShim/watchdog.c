/*
 * watchdog.c: stops a call whose time is up.
 *
 * A count hook armed all the time would make every script about 1.9x slower,
 * so no hook runs until a deadline passes. One watchdog thread sleeps until
 * the earliest armed deadline, then flags the sandbox and sends a signal to
 * the thread running it. The signal handler, on that thread, does what the
 * `lua` interpreter does on Ctrl-C: lua_sethook, which Lua documents as safe
 * to call from a signal handler (it is not safe from another thread). C loops
 * that no hook reaches (patterns, string.rep, table.move) poll the flag.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* REG_RIP */
#endif
#include "internal.h"
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define WD_SIGNAL SIGURG  /* ignored by default: a late signal can never kill the process */

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_wake;
static pthread_once_t wd_once = PTHREAD_ONCE_INIT;
static edujam_sandbox *wd_armed;               /* list of sandboxes with a deadline */
static uint64_t wd_wakes_at;                   /* when the watchdog will wake; 0: only when signalled */
static _Thread_local edujam_sandbox *tl_calls; /* this thread's sandboxes inside a call */
static _Atomic(edujam_last_resort_handler) wd_handler;
static _Atomic int wd_status = 124;            /* as timeout(1): the command ran out of time */

/* The escape from a __call chain. Lua 5.4.4 resolves `c()` where c's __call is c itself
 * (or any cycle) in luaD_precall, calling luaD_tryfuncTM once per step, which shifts the
 * stack up one slot: no instruction runs, so no hook, and nothing allocates until the stack
 * doubles, so the stretch after a deadline is quadratic (a 160,000-slot stack: tens of
 * seconds). From EDUJAM_ESCAPE_DELAY after the deadline the watchdog signals the thread every
 * EDUJAM_ESCAPE_PERIOD, and the handler looks where it interrupted the thread: when
 * EDUJAM_ESCAPE_VISITS visits in a row find it inside luaD_tryfuncTM itself, with the running
 * coroutine's stack higher each time, it is in that loop, which holds no lock and leaves the
 * state consistent at every step (values moved up, the top not yet raised). The handler then
 * raises the time limit error there, as the hook would have. Anywhere else (the collector,
 * the allocator, Swift, libc) it does nothing, and the last resort stays the stop. */
#define EDUJAM_ESCAPE_DELAY 100000000u  /* 0.1 s: a stretch the hook will end soon is left alone */
#define EDUJAM_ESCAPE_PERIOD 2000000u   /* 2 ms */
#define EDUJAM_ESCAPE_VISITS 3
#define EDUJAM_ESCAPE_BYTES 256         /* the function's code: 192 bytes with Debian's gcc */

/* Lua's own (internal, linked in from liblua5.4.a), named only for its address; weak, so a
 * Lua without it links and never escapes. The real types are Lua's private StkId. */
extern void *luaD_tryfuncTM(lua_State *L, void *func) __attribute__((weak));

/* Where the interrupted thread was, from the signal's context; 0 where unknown. */
static uintptr_t wd_interrupted_pc(void *context) {
    const ucontext_t *uc = context;
#if defined(__x86_64__)
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)uc->uc_mcontext.pc;
#else
    (void)uc;
    return 0;
#endif
}

/* Whether the thread was interrupted inside luaD_tryfuncTM. */
static int wd_in_call_chain(uintptr_t pc) {
    uintptr_t start = (uintptr_t)luaD_tryfuncTM;
    return start != 0 && pc >= start && pc - start < EDUJAM_ESCAPE_BYTES;
}

/* One visit of the escape (see above), on the thread that runs Lua, inside the handler. */
static void wd_try_escape(edujam_sandbox *sb, uintptr_t pc) {
    if (sb != tl_calls || sb->in_lua <= 0 || sb->escape_from_ns == 0) return;  /* innermost, in Lua */
    if (edujam_now_ns() < sb->escape_from_ns) return;
    lua_State *running = atomic_load(&sb->running);
    int top = lua_gettop(running);  /* reads two pointers of this thread's own state */
    int inside = wd_in_call_chain(pc);
    if (inside && sb->escape_visits > 0 && top > sb->escape_top)
        sb->escape_visits++;
    else
        sb->escape_visits = inside ? 1 : 0;
    sb->escape_top = top;
    if (sb->escape_visits < EDUJAM_ESCAPE_VISITS) return;
    sb->escape_from_ns = 0;  /* once: a signal that comes while this raises does nothing here */
    /* The jump out of this handler skips the kernel's restoring of the signal mask. */
    sigset_t ours;
    sigemptyset(&ours);
    sigaddset(&ours, WD_SIGNAL);
    pthread_sigmask(SIG_UNBLOCK, &ours, NULL);
    if (!lua_checkstack(running, 8)) return;  /* the stack cannot grow: leave it to the last resort */
    edujam_raise_time_limit_now(running);  /* a longjmp to the innermost protected call, as from the hook */
}

uint64_t edujam_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Runs on the thread that runs Lua. Touches only this thread's own list. */
static void wd_on_signal(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)info;
    int saved = errno;
    for (edujam_sandbox *sb = tl_calls; sb != NULL; sb = sb->outer) {
        if (atomic_load(&sb->interrupt) == EDUJAM_LIMIT_NONE) continue;
        lua_State *running = atomic_load(&sb->running);
        edujam_escalate(running);
        if (running != sb->L) edujam_escalate(sb->L);
    }
    if (tl_calls != NULL) wd_try_escape(tl_calls, wd_interrupted_pc(context));
    errno = saved;
}

void edujam_set_last_resort(edujam_last_resort_handler handler, int status) {
    atomic_store(&wd_handler, handler);
    atomic_store(&wd_status, status);
}

void edujam_set_grace(edujam_sandbox *sb, uint64_t grace_ns) { sb->grace_ns = grace_ns; }

/* The call did not stop: report through the host, then end the process. Never returns.
 * Runs with wd_lock held, so no other sandbox arms or leaves meanwhile. */
static void wd_last_resort(edujam_sandbox *sb) {
    edujam_last_resort_handler handler = atomic_load(&wd_handler);
    if (handler != NULL) {
        handler(sb->host, EDUJAM_LIMIT_TIME);
    } else {
        static const char line[] =
            "edujam: a script did not stop after its time limit and grace period; ending the process\n";
        ssize_t ignored = write(STDERR_FILENO, line, sizeof line - 1);
        (void)ignored;
    }
    _exit(atomic_load(&wd_status));
}

/* now + span, without wrapping past the end of time. */
static uint64_t wd_after(uint64_t now, uint64_t span) {
    return span > UINT64_MAX - now ? UINT64_MAX : now + span;
}

/* Flags every sandbox whose deadline has passed, and ends the process for one whose
 * grace period has passed too; returns the next time to wake (0: none). */
static uint64_t wd_fire_due(uint64_t now) {
    uint64_t next = 0;
    for (edujam_sandbox *sb = wd_armed; sb != NULL; sb = sb->next_armed) {
        uint64_t due;
        if (sb->last_resort_ns != 0) {
            if (sb->last_resort_ns <= now) wd_last_resort(sb);
            due = sb->last_resort_ns;
            if (sb->escape_from_ns != 0 && sb->escape_from_ns <= now) {  /* still running: look again */
                pthread_kill(sb->thread, WD_SIGNAL);
                uint64_t again = wd_after(now, EDUJAM_ESCAPE_PERIOD);
                if (again < due) due = again;
            } else if (sb->escape_from_ns != 0 && sb->escape_from_ns < due) {
                due = sb->escape_from_ns;
            }
        } else if (sb->deadline_ns <= now) {
            atomic_store(&sb->interrupt, EDUJAM_LIMIT_TIME);
            pthread_kill(sb->thread, WD_SIGNAL);  /* the hook does the rest */
            sb->last_resort_ns = wd_after(now, sb->grace_ns);
            sb->escape_from_ns = wd_after(now, EDUJAM_ESCAPE_DELAY);
            sb->escape_visits = 0;
            due = sb->escape_from_ns < sb->last_resort_ns ? sb->escape_from_ns : sb->last_resort_ns;
        } else {
            due = sb->deadline_ns;
        }
        if (next == 0 || due < next) next = due;
    }
    return next;
}

static void *wd_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&wd_lock);
    for (;;) {
        uint64_t next = wd_fire_due(edujam_now_ns());
        wd_wakes_at = next;
        if (next == 0) {
            pthread_cond_wait(&wd_wake, &wd_lock);
        } else {
            struct timespec until = { (time_t)(next / 1000000000u), (long)(next % 1000000000u) };
            pthread_cond_timedwait(&wd_wake, &wd_lock, &until);
        }
    }
    return NULL;
}

static void wd_start(void) {
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&wd_wake, &attr);
    pthread_condattr_destroy(&attr);

    struct sigaction action = {0};
    action.sa_sigaction = wd_on_signal;
    action.sa_flags = SA_RESTART | SA_SIGINFO;  /* a read() waiting for the student just goes on */
    sigemptyset(&action.sa_mask);
    sigaction(WD_SIGNAL, &action, NULL);

    pthread_t thread;
    pthread_attr_t thread_attr;
    pthread_attr_init(&thread_attr);
    pthread_attr_setdetachstate(&thread_attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &thread_attr, wd_main, NULL);
    pthread_attr_destroy(&thread_attr);
}

static void wd_unlink(edujam_sandbox *sb) {
    for (edujam_sandbox **link = &wd_armed; *link != NULL; link = &(*link)->next_armed) {
        if (*link == sb) { *link = sb->next_armed; break; }
    }
    sb->deadline_ns = 0;
    sb->last_resort_ns = 0;
    sb->escape_from_ns = 0;
}

void edujam_arm(edujam_sandbox *sb, uint64_t deadline_ns) {
    pthread_once(&wd_once, wd_start);
    pthread_mutex_lock(&wd_lock);
    wd_unlink(sb);
    sb->deadline_ns = deadline_ns;
    sb->paused = 0;
    sb->next_armed = wd_armed;
    wd_armed = sb;
    /* Wake the watchdog only if it would sleep past this deadline. Calls and
     * answers arm a deadline many times a second; each needless wake-up is two
     * context switches. */
    if (wd_wakes_at == 0 || deadline_ns < wd_wakes_at) {
        wd_wakes_at = deadline_ns;
        pthread_cond_signal(&wd_wake);
    }
    pthread_mutex_unlock(&wd_lock);
}

void edujam_disarm(edujam_sandbox *sb) {
    if (sb->deadline_ns == 0 && !sb->paused) return;  /* only this thread arms it */
    pthread_mutex_lock(&wd_lock);
    wd_unlink(sb);
    sb->paused = 0;
    pthread_mutex_unlock(&wd_lock);
}

void edujam_pause_clock(edujam_sandbox *sb) {
    pthread_mutex_lock(&wd_lock);
    if (sb->deadline_ns != 0) {
        uint64_t now = edujam_now_ns();
        sb->remaining_ns = sb->deadline_ns > now ? sb->deadline_ns - now : 1;
        wd_unlink(sb);
        sb->paused = 1;
    }
    pthread_mutex_unlock(&wd_lock);
}

void edujam_resume_clock(edujam_sandbox *sb) {
    if (!sb->paused) return;
    edujam_arm(sb, edujam_now_ns() + sb->remaining_ns);
}

/* Dispatch's worker threads (Swift concurrency's too) block every signal:
 * unblock ours for the length of the call, then put the mask back. */
static int wd_unblock(void) {
    sigset_t ours, old;
    sigemptyset(&ours);
    sigaddset(&ours, WD_SIGNAL);
    pthread_sigmask(SIG_UNBLOCK, &ours, &old);
    return sigismember(&old, WD_SIGNAL) == 1;
}

void edujam_enter_thread(edujam_sandbox *sb) {
    sb->signal_was_blocked = wd_unblock();
    sb->thread = pthread_self();
    atomic_store(&sb->running, sb->L);
    sb->outer = tl_calls;
    tl_calls = sb;  /* published last: the handler may run at any instruction */
}

void edujam_leave_thread(edujam_sandbox *sb) {
    tl_calls = sb->outer;
    if (sb->signal_was_blocked) {
        sigset_t ours;
        sigemptyset(&ours);
        sigaddset(&ours, WD_SIGNAL);
        pthread_sigmask(SIG_BLOCK, &ours, NULL);
    }
}
