#include "CEditLine.h"

#include <errno.h>
#include <histedit.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

struct gl_editor {
  EditLine *el;
  HistoryW *history;
  wchar_t *prompt;
  gl_completer completer;
  void *completer_context;
};

// UTF-8 <-> UTF-32 by hand: the conversion must not depend on the process locale.
static char *utf8_from_wide(const wchar_t *w, size_t n) {
  char *out = malloc(n * 4 + 1);
  if (!out) return NULL;
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned long c = (unsigned long)w[i];
    if (c < 0x80) {
      out[o++] = (char)c;
    } else if (c < 0x800) {
      out[o++] = (char)(0xC0 | (c >> 6));
      out[o++] = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out[o++] = (char)(0xE0 | (c >> 12));
      out[o++] = (char)(0x80 | ((c >> 6) & 0x3F));
      out[o++] = (char)(0x80 | (c & 0x3F));
    } else {
      out[o++] = (char)(0xF0 | (c >> 18));
      out[o++] = (char)(0x80 | ((c >> 12) & 0x3F));
      out[o++] = (char)(0x80 | ((c >> 6) & 0x3F));
      out[o++] = (char)(0x80 | (c & 0x3F));
    }
  }
  out[o] = 0;
  return out;
}

static wchar_t *wide_from_utf8(const char *s) {
  size_t n = strlen(s);
  wchar_t *out = malloc((n + 1) * sizeof(wchar_t));
  if (!out) return NULL;
  size_t o = 0;
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    unsigned long c = *p++;
    int extra = 0;
    if (c >= 0xF0) { c &= 0x07; extra = 3; }
    else if (c >= 0xE0) { c &= 0x0F; extra = 2; }
    else if (c >= 0xC0) { c &= 0x1F; extra = 1; }
    while (extra-- > 0 && (*p & 0xC0) == 0x80) c = (c << 6) | (*p++ & 0x3F);
    out[o++] = (wchar_t)c;
  }
  out[o] = 0;
  return out;
}

static wchar_t *prompt_function(EditLine *el) {
  gl_editor *editor = NULL;
  el_wget(el, EL_CLIENTDATA, (void **)&editor);
  return editor && editor->prompt ? editor->prompt : L"> ";
}

static unsigned char complete_function(EditLine *el, int ch) {
  (void)ch;
  gl_editor *editor = NULL;
  el_wget(el, EL_CLIENTDATA, (void **)&editor);
  if (!editor || !editor->completer) return CC_ERROR;
  const LineInfoW *info = el_wline(el);
  char *prefix = utf8_from_wide(info->buffer, (size_t)(info->cursor - info->buffer));
  if (!prefix) return CC_ERROR;
  char *answer = editor->completer(editor->completer_context, prefix);
  free(prefix);
  if (!answer) return CC_REFRESH_BEEP;
  char *newline = strchr(answer, '\n');
  if (newline) *newline = 0;
  unsigned char result = CC_REFRESH;
  if (answer[0]) {
    wchar_t *insert = wide_from_utf8(answer);
    if (insert) {
      el_winsertstr(el, insert);
      free(insert);
    }
  }
  if (newline && newline[1]) {
    // Several candidates: list them under the line, then redraw it.
    FILE *out = NULL;
    el_wget(el, EL_GETFP, 1, &out);
    if (!out) out = stdout;
    // The lines come laid out in columns: printed as they are.
    fputc('\n', out);
    fputs(newline + 1, out);
    fputc('\n', out);
    fflush(out);
    result = CC_REDISPLAY;
  } else if (!answer[0]) {
    result = CC_REFRESH_BEEP;
  }
  free(answer);
  return result;
}

gl_editor *gl_editor_create(const char *program, int history_size) {
  const char *locale = setlocale(LC_CTYPE, "");
  if (!locale || !(strstr(locale, "UTF-8") || strstr(locale, "utf8") || strstr(locale, "UTF8") ||
                   strstr(locale, "utf-8"))) {
    if (!setlocale(LC_CTYPE, "C.UTF-8")) setlocale(LC_CTYPE, "C.utf8");
  }
  gl_editor *editor = calloc(1, sizeof(gl_editor));
  if (!editor) return NULL;
  editor->el = el_init(program, stdin, stdout, stderr);
  editor->history = history_winit();
  if (!editor->el || !editor->history) {
    gl_editor_destroy(editor);
    return NULL;
  }
  HistEventW event;
  history_w(editor->history, &event, H_SETSIZE, history_size);
  history_w(editor->history, &event, H_SETUNIQUE, 1);
  el_wset(editor->el, EL_CLIENTDATA, editor);
  el_wset(editor->el, EL_EDITOR, L"emacs");
  el_wset(editor->el, EL_SIGNAL, 1);
  el_wset(editor->el, EL_HIST, history_w, editor->history);
  el_wset(editor->el, EL_PROMPT_ESC, prompt_function, L'\1');
  el_wset(editor->el, EL_ADDFN, L"gl-complete", L"Complete a statement or name", complete_function);
  el_wset(editor->el, EL_BIND, L"^I", L"gl-complete", NULL);
  el_wset(editor->el, EL_BIND, L"^R", L"em-inc-search-prev", NULL);
  return editor;
}

void gl_editor_destroy(gl_editor *editor) {
  if (!editor) return;
  if (editor->el) el_end(editor->el);
  if (editor->history) history_wend(editor->history);
  free(editor->prompt);
  free(editor);
}

void gl_editor_set_prompt(gl_editor *editor, const char *prompt) {
  free(editor->prompt);
  editor->prompt = wide_from_utf8(prompt);
}

int gl_editor_read_line(gl_editor *editor, char **line) {
  int count = 0;
  errno = 0;
  const wchar_t *text = el_wgets(editor->el, &count);
  if (!text) {
    // Ctrl-C is -1 with EINTR; anything else (Ctrl-D: 0, a lost terminal: EIO) ends input.
    if (count == -1 && errno == EINTR) {
      // The typed text is discarded: show it ended, as shells do.
      FILE *out = NULL;
      el_wget(editor->el, EL_GETFP, 1, &out);
      fputs("^C\n", out ? out : stdout);
      fflush(out ? out : stdout);
      return -1;
    }
    return 0;
  }
  size_t n = (size_t)count;
  while (n > 0 && (text[n - 1] == L'\n' || text[n - 1] == L'\r')) n--;
  *line = utf8_from_wide(text, n);
  return *line ? 1 : 0;
}

void gl_editor_push(gl_editor *editor, const char *text) {
  wchar_t *w = wide_from_utf8(text);
  if (!w) return;
  el_wpush(editor->el, w);
  free(w);
}

void gl_editor_history_add(gl_editor *editor, const char *line) {
  wchar_t *w = wide_from_utf8(line);
  if (!w) return;
  HistEventW event;
  history_w(editor->history, &event, H_ENTER, w);
  free(w);
}

int gl_editor_history_load(gl_editor *editor, const char *path) {
  HistEventW event;
  return history_w(editor->history, &event, H_LOAD, path);
}

int gl_editor_history_save(gl_editor *editor, const char *path) {
  HistEventW event;
  return history_w(editor->history, &event, H_SAVE, path);
}

int gl_editor_history_count(gl_editor *editor) {
  HistEventW event;
  if (history_w(editor->history, &event, H_GETSIZE) < 0) return 0;
  return event.num;
}

void gl_editor_set_completer(gl_editor *editor, gl_completer completer, void *context) {
  editor->completer = completer;
  editor->completer_context = context;
}

static volatile sig_atomic_t interrupted = 0;

static void on_interrupt(int signal) {
  (void)signal;
  interrupted = 1;
}

void gl_install_interrupt_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a read returns EINTR
  sigaction(SIGINT, &action, NULL);
  // A parent may have started us with SIGINT blocked; Ctrl-C must reach the handler.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int gl_take_interrupt(void) {
  int was = interrupted;
  interrupted = 0;
  return was;
}

int gl_peek_interrupt(void) { return interrupted; }
