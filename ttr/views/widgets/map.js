// The clickable map (ttr/views/widgets/map.py): shows the SVG that ttr.views.svg drew, restyles routes and
// cities by element id when owners, stations or highlights change, and reports clicks.
// The picture itself is sent once; every later change is a few small lists. `marks` adds the
// caller's classes to elements, `notes` adds words to their tooltips.
// A lit route's glow belongs to its route: a click anywhere on the glow is a click on the route.
// Each city has a hit disc of at least HIT_PX screen pixels across and a hit box over its name,
// both under the routes, so that a route near a city, or under its name, still takes its own
// clicks; the disc keeps its size on screen when the map is resized.

const SEATS = 5; // player colours repeat after five seats, as in ttr.views.map_layout
const HIT_PX = 28; // the smallest city target on screen, in CSS pixels
const SVG_NS = "http://www.w3.org/2000/svg";

function cityId(name) {
  return "city-" + name.replaceAll(" ", "_");
}

function render({ model, el }) {
  el.classList.add("ttr-map-view");
  let elements = new Map(); // element id -> { node, cls, title, glow }
  let hits = []; // the cities' hit discs
  let nameHits = []; // [hit box, the name it covers]

  function sizeHits() {
    const svg = el.querySelector("svg");
    const box = svg ? svg.viewBox.baseVal : null;
    const shown = svg ? svg.getBoundingClientRect().width : 0;
    if (!box || !box.width || !shown) return;
    const perPixel = box.width / shown; // picture units per screen pixel
    for (const hit of hits) {
      const dot = Number(hit.dataset.dot);
      hit.setAttribute("r", String(Math.max(dot, (HIT_PX / 2) * perPixel)));
    }
    for (const [hit, label] of nameHits) {
      const b = label.getBBox();
      hit.setAttribute("x", String(b.x));
      hit.setAttribute("y", String(b.y));
      hit.setAttribute("width", String(b.width));
      hit.setAttribute("height", String(b.height));
    }
  }

  function addHits(svg) {
    const layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "ttr-hits");
    hits = [];
    nameHits = [];
    for (const city of svg.querySelectorAll('g[id^="city-"]')) {
      const dot = city.querySelector(".ttr-dot");
      if (!dot) continue;
      const hit = document.createElementNS(SVG_NS, "circle");
      hit.setAttribute("class", "ttr-hit");
      hit.setAttribute("cx", dot.getAttribute("cx"));
      hit.setAttribute("cy", dot.getAttribute("cy"));
      hit.dataset.city = city.id;
      hit.dataset.dot = dot.getAttribute("r");
      layer.appendChild(hit);
      hits.push(hit);
      const label = city.querySelector(".ttr-label");
      if (!label) continue;
      const box = document.createElementNS(SVG_NS, "rect");
      box.setAttribute("class", "ttr-hit ttr-name-hit");
      box.dataset.city = city.id;
      layer.appendChild(box);
      nameHits.push([box, label]);
    }
    const routes = svg.querySelector(".ttr-routes");
    if (routes) svg.insertBefore(layer, routes);
    else svg.appendChild(layer);
    sizeHits();
  }

  function draw() {
    el.innerHTML = model.get("svg") + model.get("legend");
    elements = new Map();
    hits = [];
    nameHits = [];
    const svg = el.querySelector("svg");
    if (!svg) return;
    if (svg.classList.contains("ttr-live")) addHits(svg);
    for (const node of svg.querySelectorAll('g[id^="route-"], g[id^="city-"]')) {
      const title = node.querySelector("title");
      elements.set(node.id, {
        node,
        title,
        cls: node.getAttribute("class"),
        text: title ? title.textContent : "",
        glow: node.id.startsWith("route-") ? svg.querySelector(`#glow-${node.id.slice(6)}`) : null,
      });
    }
    restyle();
  }

  function restyle() {
    const owners = model.get("owners");
    const players = model.get("players");
    const lit = new Set(model.get("highlight_routes").map((n) => `route-${n}`));
    const litCities = new Set(model.get("highlight_cities").map(cityId));
    const stations = new Map(
      Object.entries(model.get("stations")).map(([city, seat]) => [cityId(city), seat]),
    );
    const marks = model.get("marks");
    const notes = model.get("notes");
    const words = model.get("words");
    for (const [id, item] of elements) {
      let cls = item.cls;
      let text = item.text;
      if (id.startsWith("route-")) {
        const seat = owners[Number(id.slice(6))] ?? -1;
        if (seat >= 0) {
          cls += ` ttr-owned ttr-o${seat % SEATS}`;
          text += ` · ${words.route.replaceAll("{name}", players[seat])}`;
        }
        if (lit.has(id)) cls += " ttr-lit";
        if (item.glow) item.glow.classList.toggle("ttr-on", lit.has(id));
      } else {
        const seat = stations.get(id);
        if (seat !== undefined) {
          cls += ` ttr-s${seat % SEATS}`;
          text += ` · ${words.station.replaceAll("{name}", players[seat])}`;
        }
        if (litCities.has(id)) cls += " ttr-lit";
      }
      if (marks[id]) cls += ` ${marks[id]}`;
      if (notes[id]) text += ` · ${notes[id]}`;
      if (item.node.getAttribute("class") !== cls) item.node.setAttribute("class", cls);
      if (item.title && item.title.textContent !== text) item.title.textContent = text;
    }
  }

  function clickedId(node) {
    const glow = node.closest('path[id^="glow-"]');
    if (glow) return `route-${glow.id.slice(5)}`; // the glow of a lit route is the route
    const hit = node.closest(".ttr-hit");
    if (hit) return hit.dataset.city;
    const target = node.closest('g[id^="route-"], g[id^="city-"]');
    return target ? target.id : null;
  }

  function onClick(event) {
    const id = clickedId(event.target);
    if (!id || !elements.has(id)) return;
    model.set("clicked", id);
    model.set("clicks", model.get("clicks") + 1);
    model.save_changes();
  }

  const restyling = [
    "change:owners",
    "change:stations",
    "change:players",
    "change:highlight_routes",
    "change:highlight_cities",
    "change:marks",
    "change:notes",
  ];
  el.addEventListener("click", onClick);
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(sizeHits);
  if (resized) resized.observe(el);
  model.on("change:svg", draw);
  model.on("change:legend", draw);
  for (const name of restyling) model.on(name, restyle);
  draw();
  return () => {
    el.removeEventListener("click", onClick);
    if (resized) resized.disconnect();
    model.off("change:svg", draw);
    model.off("change:legend", draw);
    for (const name of restyling) model.off(name, restyle);
  };
}

export default { render };
