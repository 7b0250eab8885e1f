/* A tuned C engine for random 2-player Lost Cities rounds: the yardstick of the kernel's speed.
 *
 * It plays exactly the games of kit/lostcities/fast.py's
 * `play_new(seeds, policy_seeds, "random", rounds=ROUNDS)` (and so of the readable engine): the
 * core's counter-based generator (kit/core/chance.py: splitmix64's finalizer on key + i * gamma,
 * the key mixed from the seed), the LC-2 shuffle of Chance.shuffle (Fisher-Yates on below(i + 1)),
 * LostCities.random_action's uniform choice over the distinct legal actions (one below(n): the
 * draw pile, then the discard piles by expedition; each distinct card's discard, then each
 * playable distinct card's play, in hand order), and in a match the next round's starter by LC-6
 * and a fresh shuffle of the whole deck from the game's generator. State is bit masks: a hand is
 * 64 bits over the 60 cards in sorted order (bit 12 * colour + rank: ranks 0..2 the colour's
 * investment cards packed from 0, 3..11 the numbers 2..10), each side keeps the mask of the cards
 * it may still play (LC-3.1), the discard piles a 5-bit mask of the non-empty ones; the k-th
 * distinct or playable card is one pdep (BMI2) or a few bit clears. The benchmark
 * (benchmarks/fast.py) builds it with `gcc -O3 -march=native` and checks that its games are the
 * kernel's (the same checksum of match totals, the same number of actions).
 *
 *     lostcities_reference GAMES FIRST_SEED [ROUNDS]
 *         ->  prints "rounds_per_cpu_second checksum steps rounds_per_wall_second"
 * Game i (a match of ROUNDS rounds, 1 by default) uses seed FIRST_SEED + i for the deals and
 * 1000003 + FIRST_SEED + i for the random policy; the checksum adds 1000 * total0 + total1 over the
 * games. The CPU-time rate is the one to compare on a machine shared with other work (the wall
 * clock also counts the time other processes held the core).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#define GAMMA 0x9e3779b97f4a7c15ull

static inline uint64_t mix(uint64_t z) { /* splitmix64's finalizer */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

typedef struct { uint64_t key, counter; } Chance;

static inline void chance_seed(Chance *c, int64_t seed) { /* key_of for a seed of one 64-bit word */
    c->key = mix(GAMMA ^ (uint64_t)seed);
    c->counter = 0;
}

static inline uint32_t below(Chance *c, uint32_t n) { /* Lemire's multiply-shift on the high 32 bits */
    uint64_t x = mix(c->key + ++c->counter * GAMMA);
    return (uint32_t)(((x >> 32) * n) >> 32);
}

static inline int kth_bit(uint64_t bits, int k) { /* the index of the k-th set bit (from 0) */
#ifdef __BMI2__
    return __builtin_ctzll(_pdep_u64(1ull << k, bits));
#else
    while (k--) bits &= bits - 1;
    return __builtin_ctzll(bits);
#endif
}

#define COLOUR_BITS 0xfffull
static uint64_t REPEATS; /* each colour's 2nd and 3rd investment bits: one action with the 1st */

typedef struct {
    uint64_t hand[2], playable[2];
    int deck[60], deck_len;
    int pile[5][12], pile_len[5];
    unsigned piles; /* bit e: pile e holds a card */
    int count[2][5], sum[2][5], inv[2][5];
} Round;

static inline void take(uint64_t *hand, int card) { /* card: 12 * colour + rank, 0..2 any investment */
    int colour = card / 12, rank = card - 12 * colour;
    if (rank < 3) rank = __builtin_popcountll(*hand & (7ull << (12 * colour)));
    *hand |= 1ull << (12 * colour + rank);
}

static int side_score(const Round *r, int side) { /* LC-5 */
    int total = 0;
    for (int e = 0; e < 5; e++)
        if (r->count[side][e])
            total += (r->sum[side][e] - 20) * (1 + r->inv[side][e]) + (r->count[side][e] >= 8 ? 20 : 0);
    return total;
}

static long play_round(Chance *game, Chance *policy, int player, int *score0, int *score1) {
    Round r;
    for (int i = 0; i < 60; i++) r.deck[i] = i;
    for (int i = 59; i > 0; i--) { /* LC-2: Chance.shuffle */
        int j = (int)below(game, (uint32_t)(i + 1));
        int t = r.deck[i]; r.deck[i] = r.deck[j]; r.deck[j] = t;
    }
    r.hand[0] = r.hand[1] = 0;
    int size = 60;
    for (int p = 0; p < 2; p++, size -= 8)
        for (int k = 0; k < 8; k++) take(&r.hand[p], r.deck[size - 8 + k]);
    r.deck_len = size;
    r.playable[0] = r.playable[1] = (1ull << 60) - 1;
    r.piles = 0;
    for (int e = 0; e < 5; e++) {
        r.pile_len[e] = 0;
        for (int s = 0; s < 2; s++) r.count[s][e] = r.sum[s][e] = r.inv[s][e] = 0;
    }
    long steps = 0;
    for (;;) {
        /* play or discard: one of the distinct cards' discards, then the playable ones' plays */
        uint64_t hand = r.hand[player], distinct = hand & ~REPEATS, plays = distinct & r.playable[player];
        int cards = __builtin_popcountll(distinct), forbidden;
        uint32_t pick = below(policy, (uint32_t)(cards + __builtin_popcountll(plays)));
        int playing = pick >= (uint32_t)cards;
        int bit = playing ? kth_bit(plays, (int)pick - cards) : kth_bit(distinct, (int)pick);
        int colour = bit / 12, rank = bit - 12 * colour, value = rank >= 3 ? rank - 1 : 0;
        if (playing) {
            r.count[player][colour]++;
            r.sum[player][colour] += value;
            if (value) r.playable[player] &= ~(((2ull << rank) - 1) << (12 * colour)); /* LC-3.1 */
            else r.inv[player][colour]++;
            forbidden = -1;
        } else {
            r.pile[colour][r.pile_len[colour]++] = rank >= 3 ? rank : 0;
            r.piles |= 1u << colour;
            forbidden = colour;
        }
        if (!value) bit = 12 * colour + __builtin_popcountll(hand & (7ull << (12 * colour))) - 1;
        r.hand[player] = hand & ~(1ull << bit);
        steps++;
        /* draw: the draw pile, or a discard pile other than the one just fed (LC-3.3) */
        unsigned sources = r.piles & ~(forbidden >= 0 ? 1u << forbidden : 0u);
        pick = below(policy, 1 + (uint32_t)__builtin_popcount(sources));
        if (!pick) {
            take(&r.hand[player], r.deck[--r.deck_len]);
        } else {
            int e = kth_bit(sources, (int)pick - 1);
            take(&r.hand[player], 12 * e + r.pile[e][--r.pile_len[e]]);
            if (!r.pile_len[e]) r.piles &= ~(1u << e);
        }
        steps++;
        if (!r.deck_len) break;
        player ^= 1;
    }
    *score0 = side_score(&r, 0);
    *score1 = side_score(&r, 1);
    return steps;
}

static long play_match(int64_t seed, int64_t policy_seed, int rounds, long *total0, long *total1) {
    Chance game, policy;
    chance_seed(&game, seed);
    chance_seed(&policy, policy_seed);
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
    int64_t first = strtoll(argv[2], NULL, 10);
    int rounds = argc == 4 ? atoi(argv[3]) : 1;
    if (games < 1 || rounds < 1 || rounds > 100) {
        fprintf(stderr, "GAMES must be at least 1, ROUNDS from 1 to 100 (the engine's MAX_ROUNDS)\n");
        return 2;
    }
    for (int e = 0; e < 5; e++) REPEATS |= 6ull << (12 * e);
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
