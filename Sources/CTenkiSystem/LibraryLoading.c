#include "library_loading.h"

#include <dlfcn.h>
#include <stdio.h>

void *tenki_open_first_library(const char *const names[], size_t count, char *reason, size_t reason_size) {
    snprintf(reason, reason_size, "not found");
    for (size_t i = 0; i < count; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (library) return library;
        const char *error = dlerror();
        if (i == 0 && error) snprintf(reason, reason_size, "%s", error);
    }
    return NULL;
}
