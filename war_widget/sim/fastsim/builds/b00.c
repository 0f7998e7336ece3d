/* Written by tools/kernel_builds.py from the presets: do not edit (run the tool). */
/* The build for classic. */
#define FIX_PLAYERS 2
#define FIX_FACE_DOWN 1
#define FIX_CAPTURE 1
#define FIX_SHUFFLE_PILE 1
#define FIX_SHORTAGE 0
#define FIX_ZERO 0
#define FIX_WAR_ALL 0
#define FIX_TEAMS 0
#define FIX_ROUND_LIMIT 40
#define FIX_GOAL 0
#define FIX_DEAL 0
#define FIX_JOKER_SPLIT 0
#define FIX_LOW_BEATS_ACE 0
#define FIX_LOWEST 2
#define FIX_DETECT 0
#define FIX_DECK_SIZE 52
#define FIX_LAST_WINNER_MATTERS 0
#define FIX_GATHER 0
#define KERNEL_NAME(name) war_b00_##name
#include "../kernel.c"
