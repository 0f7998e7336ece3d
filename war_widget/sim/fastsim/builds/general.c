/* Written by tools/kernel_builds.py from the presets: do not edit (run the tool). */
/* The general build: every rule read from the table. */
#define KERNEL_NAME(name) war_general_##name
#include "../kernel.c"
