// CEditLine: a small non-variadic C interface over libedit's native API (histedit.h).
// Swift cannot call the variadic el_set, el_get and history; these wrappers can be.
#ifndef CEDITLINE_H
#define CEDITLINE_H

#include <stddef.h>

typedef struct gl_editor gl_editor;

/// Returns a malloc'd UTF-8 string: the text to insert at the cursor, then one candidate
/// per line (shown when there are several). NULL means nothing to complete.
typedef char *(*gl_completer)(void *context, const char *line_up_to_cursor);

/// Sets the locale for UTF-8 input (LC_CTYPE from the environment, else C.UTF-8) and
/// opens an editor on the terminal. NULL when libedit cannot start.
gl_editor *gl_editor_create(const char *program, int history_size);
void gl_editor_destroy(gl_editor *editor);

/// The prompt (UTF-8). Escape sequences between \1 characters do not count as width.
void gl_editor_set_prompt(gl_editor *editor, const char *prompt);

/// Reads one line. Returns 1 and a malloc'd UTF-8 line without its newline in *line;
/// 0 at end of input (Ctrl-D on an empty line); -1 when interrupted (Ctrl-C).
int gl_editor_read_line(gl_editor *editor, char **line);

void gl_editor_history_add(gl_editor *editor, const char *line);
int gl_editor_history_load(gl_editor *editor, const char *path);
int gl_editor_history_save(gl_editor *editor, const char *path);
/// The number of history entries.
int gl_editor_history_count(gl_editor *editor);
/// Input the next read takes before the terminal's (el_push): keys typed ahead that
/// another reader took out of the terminal.
void gl_editor_push(gl_editor *editor, const char *text);

void gl_editor_set_completer(gl_editor *editor, gl_completer completer, void *context);

/// Installs a SIGINT handler that only sets a flag (no restart of system calls), so that
/// Ctrl-C interrupts a read and can cancel a running step. Returns and clears the flag.
void gl_install_interrupt_handler(void);
int gl_take_interrupt(void);
int gl_peek_interrupt(void);

#endif
