"""The probability lessons' numbers (notebooks/probability/): exact answers as fractions from a
sample space, and simulations of the same questions on the real engines.

One module per lesson. Everything here is pure Python (fractions, combinatorics, the engines); the
notebooks add intervals, charts and widgets. A game never imports this package.
"""
