"""The longest continuous route (F3): an exact longest *trail*.

A player's routes form a multigraph: cities are vertices, routes are edges
weighted by their length in trains. Rule F3 asks for the heaviest walk that
never uses a route twice. Cities *may* repeat and the walk may contain loops, so
this is a longest **trail**, not a longest simple path: a search that refuses to
revisit a city undercounts a triangle with a tail, and summing a whole connected
network overcounts branches (three branches 5, 4 and 3 from one city give 9, not
12).

Longest trail is NP-hard in general, but a player's network is small (45 trains
at most) and the method below is exact and fast. It rests on one fact and four
steps.

**The fact (Euler, 1736).** A connected set of routes can be driven in one
trail, using every route once, exactly when at most two of its cities are
*odd* (touch an odd number of those routes); Hierholzer's algorithm finds that
trail. So the longest trail is the heaviest **connected** set of routes with
**at most two odd cities**, and the question becomes: which routes to leave out?

1. **Components.** A trail never leaves its connected component, so each
   component is solved on its own and the best one wins.
2. **Euler's shortcut.** A component with at most two odd cities is driven
   whole: its weight is the answer (most end-of-game networks stop here).
3. **Shrinking**, without losing any best trail:

   * *Dead ends.* A route to a city with no other route (a dead end) can only be
     a trail's first or last route, so a trail uses at most two of them at one
     city: keep the two longest.
   * *Forks.* A city with two dead ends and one other route is a fork: a trail
     either goes dead end, fork, dead end (a trail on its own, kept aside as a
     candidate), or arrives by the other route and finishes down the longer dead
     end. So the fork becomes one longer dead end.
   * *Pass-throughs.* A city with exactly two routes is passed straight through
     (some best trail never stops there: it could always go on), so its two
     routes become one longer edge that remembers the routes it stands for.

4. **Leave routes out (branch and bound).** While a component has more than two
   odd cities, some routes must go. Take any three odd cities: a trail has only
   two ends, so at least one of the three must lose one of its routes. Try each
   of their routes in turn (routes are bits of an integer mask), and recurse on
   what is left, which may fall apart into components or become Eulerian. When
   leaving a route out turns a pass-through city into a dead end, the route
   beyond it goes too (the pass-through rule again). A branch stops when even
   an optimistic estimate cannot beat the best trail found so far: the weight
   left, less about half a route per odd city beyond two (each left-out route
   fixes at most two odd cities). Sets of routes already examined are
   remembered and skipped.

Results are deterministic: the input is sorted by route id first, so the same
routes in any order give the same trail, reported from its alphabetically first
end. Among equally long trails, which one is returned is an implementation
detail, but always the same for the same routes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from ttr.scoring.protocols import RouteLike

__all__ = ["Trail", "longest_trail", "longest_trail_length"]


@dataclass(frozen=True)
class Trail:
    """A trail: routes in travel order, consecutive routes sharing a city.

    ``length`` is the number of trains (the sum of the routes' lengths) and
    ``start`` the city the trail leaves from (``None`` for the empty trail).
    """

    length: int
    routes: tuple[RouteLike, ...]
    start: str | None = None

    @property
    def ids(self) -> tuple[int, ...]:
        """The route ids in travel order."""
        return tuple(route.id for route in self.routes)

    @property
    def cities(self) -> tuple[str, ...]:
        """The cities visited in order, ``len(routes) + 1`` of them (``()`` if empty).

        A city appears again each time the trail comes back to it.
        """
        if not self.routes:
            return ()
        city = self.start if self.start is not None else _first_city(self.routes)
        cities = [city]
        for route in self.routes:
            if route.a == city:
                city = route.b
            elif route.b == city:
                city = route.a
            else:
                raise ValueError(f"route {route.id} ({route.a}-{route.b}) does not leave {city}")
            cities.append(city)
        return tuple(cities)


def longest_trail(routes: Iterable[RouteLike]) -> Trail:
    """The longest trail (F3) through ``routes``: exact, in travel order.

    ``routes`` are one player's routes (each id at most once). An empty
    network gives ``Trail(0, ())``. Borrowed station routes must not be passed
    in (ST5).
    """
    best = Trail(0, ())
    for component in _components(_sorted_routes(routes)):
        # Ties between components go to the one holding the lowest route id.
        if sum(route.length for route in component) > best.length:
            trail = _component_trail(component)
            if trail.length > best.length:
                best = trail
    return best


def longest_trail_length(routes: Iterable[RouteLike]) -> int:
    """Only the number of trains in the longest trail (F3)."""
    return longest_trail(routes).length


# -- preparing the input ---------------------------------------------------------------------


def _sorted_routes(routes: Iterable[RouteLike]) -> list[RouteLike]:
    ordered = sorted(routes, key=lambda route: route.id)
    for before, after in pairwise(ordered):
        if before.id == after.id:
            raise ValueError(f"route id {after.id} appears twice")
    for route in ordered:
        if route.length < 1:
            raise ValueError(f"route {route.id} has length {route.length}; lengths must be >= 1")
    return ordered


def _components(routes: Sequence[RouteLike]) -> list[list[RouteLike]]:
    """Split routes into connected components (union-find), ordered by lowest route id."""
    parent: dict[str, str] = {}

    def find(city: str) -> str:
        root = parent.setdefault(city, city)
        while root != parent[root]:
            root = parent[root]
        while parent[city] != root:
            parent[city], city = root, parent[city]
        return root

    for route in routes:
        ra, rb = find(route.a), find(route.b)
        if ra != rb:
            parent[ra] = rb
    groups: dict[str, list[RouteLike]] = {}
    for route in routes:  # in id order, so each group and the dict order are by lowest id
        groups.setdefault(find(route.a), []).append(route)
    return list(groups.values())


def _first_city(routes: Sequence[RouteLike]) -> str:
    """Where a trail given without its start must begin (for hand-made ``Trail`` values)."""
    first = routes[0]
    if len(routes) > 1:
        second = routes[1]
        if first.a in (second.a, second.b) and first.b not in (second.a, second.b):
            return first.b  # the second route leaves from first.a, so the trail starts at first.b
    return first.a


# -- one connected component -----------------------------------------------------------------

# An edge of the working graph: (u, v, weight, routes from u to v). At first each edge is one
# route; shrinking the graph joins several routes into one edge.
_Edge = tuple[int, int, int, tuple[RouteLike, ...]]
# A step of a trail in the working graph: (edge index, city it leaves from).
_Step = tuple[int, int]


def _component_trail(routes: Sequence[RouteLike]) -> Trail:
    names = sorted({city for route in routes for city in (route.a, route.b)})
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    edges: list[_Edge] = [(index[r.a], index[r.b], r.length, (r,)) for r in routes]
    set_aside: list[Trail] = []
    if len(_odd_vertices(edges, n)) > 2:
        edges, set_aside = _shrink(edges, n, names)
    mask = (1 << len(edges)) - 1
    if len(_odd_vertices(edges, n)) > 2:
        mask = _best_subgraph(edges, n)
    trail = _to_trail(_euler_trail(edges, n, mask), edges, names)
    for candidate in set_aside:  # trails kept aside while shrinking forks
        if candidate.length > trail.length:
            trail = candidate
    return trail


def _odd_vertices(edges: Sequence[_Edge], n: int) -> list[int]:
    degree = [0] * n
    for u, v, _, _ in edges:
        degree[u] += 1
        degree[v] += 1
    return [v for v in range(n) if degree[v] % 2]


def _shrink(edges: list[_Edge], n: int, names: Sequence[str]) -> tuple[list[_Edge], list[Trail]]:
    """Apply the dead-end, fork and pass-through rules until none applies.

    Returns the smaller graph and the trails set aside at forks.
    """
    alive: dict[int, _Edge] = {}
    touching: list[set[int]] = [set() for _ in range(n)]  # each city's edges
    degree = [0] * n
    set_aside: list[Trail] = []
    next_key = 0

    def toward(key: int, city: int) -> tuple[int, tuple[RouteLike, ...]]:
        """The far end of edge ``key`` seen from ``city``, and its routes from ``city``."""
        u, v, _, chain = alive[key]
        return (v, chain) if u == city else (u, chain[::-1])

    def remove(key: int) -> None:
        u, v, _, _ = alive.pop(key)
        touching[u].discard(key)
        touching[v].discard(key)
        degree[u] -= 1
        degree[v] -= 1

    def add(u: int, v: int, weight: int, chain: tuple[RouteLike, ...]) -> None:
        nonlocal next_key
        alive[next_key] = (u, v, weight, chain)
        touching[u].add(next_key)
        touching[v].add(next_key)
        degree[u] += 1
        degree[v] += 1
        next_key += 1

    def rank(key: int) -> tuple[int, int]:  # longest first, then lowest route id
        return (-alive[key][2], min(route.id for route in alive[key][3]))

    for edge in edges:
        add(*edge)
    todo = list(range(n - 1, -1, -1))
    while todo:
        city = todo.pop()
        if len(touching[city]) < 2:
            continue  # a dead end itself, or alone
        keys = sorted(touching[city])
        if any(alive[k][0] == alive[k][1] for k in keys):
            continue  # a city with a loop: leave it
        if len(keys) == 2:  # pass-through: merge its two edges
            (x, into), (y, out) = toward(keys[0], city), toward(keys[1], city)
            weight = alive[keys[0]][2] + alive[keys[1]][2]
            remove(keys[0])
            remove(keys[1])
            add(x, y, weight, into[::-1] + out)
            todo.extend((x, y))
            continue
        dead_ends = sorted((k for k in keys if degree[toward(k, city)[0]] == 1), key=rank)
        if len(dead_ends) > 2:  # keep the two longest dead ends
            for key in dead_ends[2:]:
                remove(key)
            todo.append(city)
        elif len(dead_ends) == 2 and len(keys) == 3:  # a fork: fold it into one dead end
            (other,) = set(keys) - set(dead_ends)
            (leaf, longer), (far, shorter) = toward(dead_ends[0], city), toward(dead_ends[1], city)
            u, into = toward(other, city)
            set_aside.append(_make_trail(shorter[::-1] + longer, names[far]))
            weight = alive[other][2] + alive[dead_ends[0]][2]
            for key in keys:
                remove(key)
            add(u, leaf, weight, into[::-1] + longer)
            todo.append(u)
    # A stable order (by lowest route id) keeps the search deterministic.
    kept = sorted(alive.values(), key=lambda edge: min(route.id for route in edge[3]))
    return kept, set_aside


def _bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _best_subgraph(edges: Sequence[_Edge], n: int) -> int:
    """The heaviest connected set of edges with at most two odd cities, as a bit mask.

    Branch and bound over edges left out (step 4 of the module docstring).
    """
    ends = [(u, v) for u, v, _, _ in edges]
    weight = [edge[2] for edge in edges]
    touching = [0] * n  # touching[city]: mask of its edges
    loops = 0  # mask of loops (they count twice in a city's degree)
    for i, (u, v) in enumerate(ends):
        touching[u] |= 1 << i
        touching[v] |= 1 << i
        if u == v:
            loops |= 1 << i
    # For the estimate: each city's edges, lightest first.
    by_weight = [sorted(_bits(touching[c]), key=lambda i: weight[i]) for c in range(n)]

    best = 0
    best_mask = 0
    seen: set[int] = set()

    def without(piece: int, i: int) -> int:
        """``piece`` less edge ``i`` and, by the pass-through rule, the rest of its chain:
        a city that had two edges and now has one drops that one too."""
        rest = piece & ~(1 << i)
        for city in ends[i]:
            while True:
                mine = touching[city] & piece
                left = touching[city] & rest
                if mine.bit_count() != 2 or mine & loops or left.bit_count() != 1:
                    break
                rest &= ~left
                u, v = ends[left.bit_length() - 1]
                city = v if u == city else u
        return rest

    def explore(mask: int) -> None:
        nonlocal best, best_mask
        if mask in seen:
            return
        seen.add(mask)
        while mask:  # each connected piece of what is left
            start = ends[(mask & -mask).bit_length() - 1][0]
            piece, reached, cities, frontier = 0, 1 << start, [start], [start]
            while frontier:
                new = touching[frontier.pop()] & mask & ~piece
                piece |= new
                while new:
                    low = new & -new
                    new ^= low
                    for city in ends[low.bit_length() - 1]:
                        if not reached >> city & 1:
                            reached |= 1 << city
                            cities.append(city)
                            frontier.append(city)
            mask &= ~piece
            total = 0
            rest = piece
            while rest:
                low = rest & -rest
                rest ^= low
                total += weight[low.bit_length() - 1]
            if total <= best:
                continue
            odd = []
            for city in cities:
                mine = touching[city] & piece
                if (mine.bit_count() + (mine & loops).bit_count()) & 1:  # a loop counts twice
                    odd.append(city)
            if len(odd) <= 2:  # Euler: the whole piece is one trail
                best, best_mask = total, piece
                continue
            # Optimistic estimate: every odd city but two loses a route, and one route can
            # fix at most two odd cities, so at least half their lightest routes must go.
            lightest = sorted(next(weight[i] for i in by_weight[c] if piece >> i & 1) for c in odd)
            ceiling = total - (sum(lightest[:-2]) + 1) // 2
            if ceiling <= best:
                continue
            # Three odd cities with the fewest routes; first try routes to another odd city,
            # then light routes.
            odd.sort(key=lambda c: ((touching[c] & piece).bit_count(), c))
            odd_mask = 0
            for c in odd:
                odd_mask |= 1 << c
            choices = set()
            for city in odd[:3]:
                for i in _bits(touching[city] & piece):
                    u, v = ends[i]
                    joins_odd = u != v and odd_mask >> u & 1 and odd_mask >> v & 1
                    choices.add((not joins_odd, weight[i], i))
            for _, _, i in sorted(choices):
                explore(without(piece, i))
                if best >= ceiling:
                    break

    explore((1 << len(edges)) - 1)
    return best_mask


def _euler_trail(edges: Sequence[_Edge], n: int, mask: int) -> list[_Step]:
    """Hierholzer's algorithm: one trail over every edge in ``mask``.

    The edges in ``mask`` must be connected with at most two odd cities; the
    trail starts at the first odd city (or the first city, when none is odd).
    """
    adjacency: list[list[int]] = [[] for _ in range(n)]
    degree = [0] * n
    for i in _bits(mask):
        u, v, _, _ = edges[i]
        adjacency[u].append(i)
        degree[u] += 1
        degree[v] += 1
        if v != u:
            adjacency[v].append(i)
    odd = [c for c in range(n) if degree[c] % 2]
    start = odd[0] if odd else min(c for c in range(n) if degree[c])
    for neighbours in adjacency:
        neighbours.reverse()  # pop() then takes the lowest edge index first
    taken = [False] * len(edges)
    stack: list[tuple[int, int]] = [(start, -1)]  # (city, edge that led there)
    circuit: list[tuple[int, int]] = []
    while stack:
        city, via = stack[-1]
        neighbours = adjacency[city]
        while neighbours and taken[neighbours[-1]]:
            neighbours.pop()
        if neighbours:
            edge = neighbours.pop()
            taken[edge] = True
            u, v, _, _ = edges[edge]
            stack.append((v if u == city else u, edge))
        else:
            stack.pop()
            if via >= 0:
                circuit.append((via, city))  # (edge, city it arrives at)
    circuit.reverse()
    steps: list[_Step] = []
    city = start
    for edge, arrival in circuit:
        steps.append((edge, city))
        city = arrival
    return steps


def _to_trail(steps: Sequence[_Step], edges: Sequence[_Edge], names: Sequence[str]) -> Trail:
    """Expand working-graph steps back into routes."""
    routes: list[RouteLike] = []
    for edge, city in steps:
        u, _, _, chain = edges[edge]
        routes.extend(chain if city == u else chain[::-1])
    return _make_trail(tuple(routes), names[steps[0][1]])


def _make_trail(routes: tuple[RouteLike, ...], start: str) -> Trail:
    """A ``Trail`` reported from its alphabetically first end."""
    trail = Trail(sum(route.length for route in routes), routes, start)
    end = trail.cities[-1]
    if end < start:
        trail = Trail(trail.length, routes[::-1], end)
    return trail
