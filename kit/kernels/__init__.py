"""Plumbing shared by the compiled kernels (kit/lostcities/fast.py, kit/samoa/fast_kernel.py,
kit/overbooking/fast.py): the numba twin of the core's generator (`chance`) and the numba cache
helper (`kernel_cache`). No game lives here, and nothing here imports a game: each kernel imports
what it needs from this package, never from another game's kernel.
"""
