"""Tools that play many games with the engine: seeded simulations
(:mod:`ttr.tools.simulation`), the bots' strength ladder (:mod:`ttr.tools.ladder`) and the
speed figures of ``python -m ttr bench`` (:mod:`ttr.tools.bench`)."""
