"""What the lessons (notebooks 10 onwards) and the rule notebooks draw and check with.

- :mod:`ttr.lessons.teaching`: the answer digests and small helpers the exercises use;
- :mod:`ttr.lessons.views`: the lessons' maps and tables;
- :mod:`ttr.lessons.figures`: the algorithm figures (flows, trees, chains).
"""
