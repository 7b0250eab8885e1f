/* The C reference for the Lost Cities kernel: random 2-player rounds with bitmask hands.
 *
 * It plays exactly the games of kit/lostcities/fast.py's
 * `play_new(seeds, policy_seeds, "random", rounds=ROUNDS)` (and so of the readable engine):
 * CPython's Mersenne Twister seeded as `random.Random(seed)`, the LC-2 shuffle of Chance.shuffle,
 * LostCities.random_action's rejection sampling, and in a match the next round's starter by LC-6
 * and a fresh shuffle of the whole deck from the game's generator. Hands are 64-bit masks over the
 * 60 cards in sorted order, so removing, inserting and finding the k-th card of the sorted hand are
 * a few bit operations. The benchmark (benchmarks/fast.py) builds it with `gcc -O3 -march=native`
 * and checks that its games are the kernel's (the same checksum).
 *
 *     lostcities_reference GAMES FIRST_SEED [ROUNDS]
 *         ->  prints "rounds_per_cpu_second checksum steps rounds_per_wall_second"
 * Game i (a match of ROUNDS rounds, 1 by default) uses seed FIRST_SEED + i for the deals and
 * 1000003 + FIRST_SEED + i for the random policy; the checksum adds 1000 * total0 + total1 over the
 * games. Seeding a generator as CPython does (init_by_array, then the first twist) costs about as
 * much as two thirds of a round, so one-round games measure mostly seeding; matches of many rounds
 * measure the rounds themselves.
 *
 * Built with -DFREE_GENERATOR it draws instead from one splitmix64 stream for the whole run (53-bit
 * doubles, as random() gives; nothing seeded per game): no longer the engine's games, it shows what
 * the engine's generator costs (benchmarks/fast.py prints it for scale, never as the reference).
 * The CPU-time rate is the one to compare on a machine shared with other work (the wall clock
 * also counts the time other processes held the core).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#define N 624
#define M 397
typedef struct { uint32_t mt[N]; int index; } MT;

static void mt_init(MT *g, uint32_t s) {
    g->mt[0] = s;
    for (int i = 1; i < N; i++) g->mt[i] = 1812433253u * (g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) + (uint32_t)i;
    g->index = N;
}

static void mt_seed(MT *g, uint64_t n) { /* CPython: init_by_array over the 32-bit words of n */
    uint32_t key[2] = {(uint32_t)n, (uint32_t)(n >> 32)};
    int length = key[1] ? 2 : 1;
    mt_init(g, 19650218u);
    int i = 1, j = 0;
    for (int k = N > length ? N : length; k; k--) {
        g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= N) { g->mt[0] = g->mt[N - 1]; i = 1; }
        if (j >= length) j = 0;
    }
    for (int k = N - 1; k; k--) {
        g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= N) { g->mt[0] = g->mt[N - 1]; i = 1; }
    }
    g->mt[0] = 0x80000000u;
    g->index = N;
}

static inline uint32_t mt_word(MT *g) {
    if (g->index >= N) {
        int k;
        uint32_t y;
        for (k = 0; k < N - M; k++) {
            y = (g->mt[k] & 0x80000000u) | (g->mt[k + 1] & 0x7fffffffu);
            g->mt[k] = g->mt[k + M] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
        }
        for (; k < N - 1; k++) {
            y = (g->mt[k] & 0x80000000u) | (g->mt[k + 1] & 0x7fffffffu);
            g->mt[k] = g->mt[k + (M - N)] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
        }
        y = (g->mt[N - 1] & 0x80000000u) | (g->mt[0] & 0x7fffffffu);
        g->mt[N - 1] = g->mt[M - 1] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
        g->index = 0;
    }
    uint32_t y = g->mt[g->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

#ifndef FREE_GENERATOR
static inline double mt_random(MT *g) { /* random(): 53 bits from two 32-bit words */
    uint32_t a = mt_word(g) >> 5, b = mt_word(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}
#else
static uint64_t free_state = 20261130u;
static inline double mt_random(MT *g) { /* splitmix64, one stream for everything */
    (void)g;
    uint64_t z = (free_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return ((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0);
}
#endif

/* cards 0..59 in sorted order: colour * 12 + (0, 1, 2: investment cards; 3..11: values 2..10) */
static int VALUE[60], COLOUR[60];

static inline int kth_card(uint64_t hand, int k) { /* the k-th card (from 0) of the sorted hand */
#ifdef __BMI2__
    return __builtin_ctzll(_pdep_u64(1ull << k, hand));
#else
    while (k--) hand &= hand - 1;
    return __builtin_ctzll(hand);
#endif
}

typedef struct {
    uint64_t hand[2];
    int deck[60], deck_len;
    int pile[5][12], pile_len[5];
    int count[2][5], sum[2][5], inv[2][5], top[2][5];
} Round;

static int side_score(const Round *r, int side) { /* LC-5 */
    int total = 0;
    for (int e = 0; e < 5; e++)
        if (r->count[side][e])
            total += (r->sum[side][e] - 20) * (1 + r->inv[side][e]) + (r->count[side][e] >= 8 ? 20 : 0);
    return total;
}

static long play_round(MT *game, MT *policy, int player, int *score0, int *score1) {
    Round r = {0};
    for (int i = 0; i < 60; i++) r.deck[i] = i;
    for (int i = 59; i > 0; i--) { /* LC-2: Chance.shuffle */
        int j = (int)(mt_random(game) * (i + 1));
        int t = r.deck[i]; r.deck[i] = r.deck[j]; r.deck[j] = t;
    }
    int size = 60;
    for (int p = 0; p < 2; p++, size -= 8)
        for (int k = 0; k < 8; k++) r.hand[p] |= 1ull << r.deck[size - 8 + k];
    r.deck_len = size;
    long steps = 0;
    for (;;) {
        /* play or discard: LostCities.random_action's rejection sampling over the sorted hand */
        uint64_t hand = r.hand[player];
        int side = player, forbidden = -1, candidates = 2 * __builtin_popcountll(hand);
        for (;;) {
            int pick = (int)(mt_random(policy) * candidates), position = pick >> 1;
            int card = kth_card(hand, position);
            if (position && VALUE[card] == 0) { /* equal cards (investments of one colour) count once */
                int previous = 63 - __builtin_clzll(hand & ((1ull << card) - 1));
                if (VALUE[previous] == 0 && COLOUR[previous] == COLOUR[card]) continue;
            }
            int e = COLOUR[card], v = VALUE[card];
            if (!(pick & 1)) {
                r.pile[e][r.pile_len[e]++] = card;
                forbidden = e;
            } else {
                int top = r.top[side][e];
                if (top && v <= top) continue;
                r.count[side][e]++;
                r.sum[side][e] += v;
                if (v) r.top[side][e] = v; else r.inv[side][e]++;
            }
            r.hand[player] = hand & ~(1ull << card);
            break;
        }
        steps++;
        for (;;) { /* draw: the draw pile, or a discard pile other than the one just fed */
            int source = (int)(mt_random(policy) * 6);
            if (source && (source - 1 == forbidden || !r.pile_len[source - 1])) continue;
            int card = source ? r.pile[source - 1][--r.pile_len[source - 1]] : r.deck[--r.deck_len];
            r.hand[player] |= 1ull << card;
            break;
        }
        steps++;
        if (!r.deck_len) break;
        player ^= 1;
    }
    *score0 = side_score(&r, 0);
    *score1 = side_score(&r, 1);
    return steps;
}

static long play_match(uint64_t seed, uint64_t policy_seed, int rounds, long *total0, long *total1) {
    MT game, policy;
#ifndef FREE_GENERATOR
    mt_seed(&game, seed);
    mt_seed(&policy, policy_seed);
#else
    (void)seed, (void)policy_seed;
#endif
    long steps = 0;
    int starter = 0;
    *total0 = *total1 = 0;
    for (int round = 0; round < rounds; round++) {
        int s0, s1;
        steps += play_round(&game, &policy, starter, &s0, &s1);
        *total0 += s0;
        *total1 += s1;
        /* LC-6: the leader starts the next round; on a tie, the other player than last time */
        starter = *total0 == *total1 ? 1 - starter : (*total0 > *total1 ? 0 : 1);
    }
    return steps;
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: %s GAMES FIRST_SEED [ROUNDS]\n", argv[0]);
        return 2;
    }
    long games = atol(argv[1]);
    uint64_t first = strtoull(argv[2], NULL, 10);
    int rounds = argc == 4 ? atoi(argv[3]) : 1;
    if (games < 1 || rounds < 1 || rounds > 100) {
        fprintf(stderr, "GAMES must be at least 1, ROUNDS from 1 to 100 (the engine's MAX_ROUNDS)\n");
        return 2;
    }
    for (int c = 0; c < 60; c++) {
        COLOUR[c] = c / 12;
        VALUE[c] = c % 12 < 3 ? 0 : c % 12 - 1;
    }
    struct timespec start, end, cpu_start, cpu_end;
    long checksum = 0, steps = 0;
    clock_gettime(CLOCK_MONOTONIC, &start);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
    for (long i = 0; i < games; i++) {
        long t0, t1;
        steps += play_match(first + i, 1000003 + first + i, rounds, &t0, &t1);
        checksum += t0 * 1000 + t1;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    double cpu = (cpu_end.tv_sec - cpu_start.tv_sec) + (cpu_end.tv_nsec - cpu_start.tv_nsec) / 1e9;
    printf("%.1f %ld %ld %.1f\n", games * rounds / cpu, checksum, steps, games * rounds / seconds);
    return 0;
}
