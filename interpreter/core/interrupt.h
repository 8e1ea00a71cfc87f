// Ctrl-C (SIGINT), SIGTERM and SIGHUP. An interrupted run must not leave a
// half-written file that looks finished: every file being written is a
// temporary one beside its target (core/output_file.h), registered here, and
// the handler removes it, says which target was left as it was, and exits
// 128 + the signal. A game at the terminal (play) defers instead: the first
// signal only sets a flag that its loop checks, so that the log can end with a
// record saying it is incomplete; a second signal ends at once.
#pragma once

namespace hukum {

// Installs the handlers once; a signal the parent set to be ignored (nohup)
// stays ignored.
void install_interrupt_handlers();

// While registered, an interruption removes `temp` and names `target` in its
// message. Returns a slot for forget_on_interrupt, or -1 when every slot is
// taken or a path is too long (the file is then only not cleaned up).
int remove_on_interrupt(const char* temp, const char* target);
void forget_on_interrupt(int slot);

// play: the first signal sets the flag below instead of ending the process.
void defer_interrupts(bool defer);
// The signal received while deferred, or 0.
int interrupt_signal();
// 128 + the signal: the status a shell reports for a process it interrupted.
int interrupted_exit_code(int signal);

}  // namespace hukum
