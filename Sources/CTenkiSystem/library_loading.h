// Loading a C library at run time, for the libraries Tenki uses only when its settings ask
// (libcurl, libpq). Internal to CTenkiSystem: not in include/, so Swift never sees it.
#ifndef TENKI_LIBRARY_LOADING_H
#define TENKI_LIBRARY_LOADING_H

#include <stddef.h>

/// dlopen()s the first of `names` that loads (RTLD_NOW | RTLD_LOCAL) and returns its handle, or
/// NULL with the first name's dlerror() in `reason` (the likeliest to tell the operator why).
void *tenki_open_first_library(const char *const names[], size_t count, char *reason, size_t reason_size);

#endif
