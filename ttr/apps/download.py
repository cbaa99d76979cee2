"""A button that downloads a file in one click: :class:`DownloadButton`.

A click in the page asks the kernel for the file (``make()``: its name and text, made at that
moment), and the page saves what comes back, with no second link to click. From Python,
:meth:`DownloadButton.click` does the same and keeps the file in :attr:`DownloadButton.last`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["DownloadButton"]

_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-widgets jupyter-button widget-button ttr-download";
  function label() {
    button.textContent = model.get("description");
    button.title = model.get("tooltip");
  }
  function save(message) {
    if (!message || message.event !== "file") return;
    const blob = new Blob([message.text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = message.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
  const clicked = () => model.send({ event: "click" });
  label();
  button.addEventListener("click", clicked);
  model.on("msg:custom", save);
  model.on("change:description", label);
  model.on("change:tooltip", label);
  el.appendChild(button);
  return () => {
    button.removeEventListener("click", clicked);
    model.off("msg:custom", save);
    model.off("change:description", label);
    model.off("change:tooltip", label);
  };
}
export default { render };
"""


class DownloadButton(anywidget.AnyWidget):
    """A button labelled ``description`` whose click downloads the file ``make()`` returns, as
    ``(name, text)``."""

    _esm = _ESM
    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)

    def __init__(self, description: str, tooltip: str, make: Callable[[], tuple[str, str]]):
        super().__init__(description=description, tooltip=tooltip)
        self._make = make
        self.last: tuple[str, str] | None = None
        """The latest file downloaded: its name and text."""
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            self.click()

    def click(self) -> tuple[str, str]:
        """Make the file and send it to the page, which saves it."""
        name, text = self._make()
        self.last = (name, text)
        self.send({"event": "file", "name": name, "text": text})
        return name, text
