// The clickable map (ttr/views/widgets/map.py): shows the SVG that ttr.views.svg drew, restyles routes and
// cities by element id when owners, stations or highlights change, and reports clicks.
// The picture itself is sent once; every later change is a few small lists. `marks` adds the
// caller's classes to elements, `notes` adds words to their tooltips.

const SEATS = 5; // player colours repeat after five seats, as in ttr.views.map_layout

function cityId(name) {
  return "city-" + name.replaceAll(" ", "_");
}

function render({ model, el }) {
  el.classList.add("ttr-map-view");
  let elements = new Map(); // element id -> { node, cls, title, glow }

  function draw() {
    el.innerHTML = model.get("svg") + model.get("legend");
    elements = new Map();
    const svg = el.querySelector("svg");
    if (!svg) return;
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

  function onClick(event) {
    const target = event.target.closest('g[id^="route-"], g[id^="city-"]');
    if (!target || !elements.has(target.id)) return;
    model.set("clicked", target.id);
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
  model.on("change:svg", draw);
  model.on("change:legend", draw);
  for (const name of restyling) model.on(name, restyle);
  draw();
  return () => {
    el.removeEventListener("click", onClick);
    model.off("change:svg", draw);
    model.off("change:legend", draw);
    for (const name of restyling) model.off(name, restyle);
  };
}

export default { render };
