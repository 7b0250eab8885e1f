"""What a live board shows where it cannot be live: in a notebook opened before it is run, on a
static renderer (nbviewer, GitHub), and after save-and-reopen.

A live widget's output holds only a model id, which means nothing once the kernel that made it is
gone: JupyterLab then says "Error displaying widget: model not found", and an untrusted notebook
falls back to the text repr. So every board's output also carries a still picture of its position
and one line saying how to bring it to life (`still_bundle`), marked in the output's metadata.
Where outputs are stored — `python3 dev.py notebooks`, and the pre-save hook `python3 dev.py lab`
installs — marked outputs lose the dead model id (`drop_dead_widget_views`), so every renderer,
JupyterLab included, shows the picture until the cell runs again.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

from kit.i18n import N_, gettext

#: the text of a stored explorer or funnel: its controls need a running kernel
RUN_TO_EXPLORE = N_(
    "Run All to use the controls (Run ▸ Run All Cells): until then this is a still picture of the chart."
)
RUN_ALL = N_("Run All to play (Run ▸ Run All Cells): until then this is a still picture of the board.")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MARK = "tablekit"  # output metadata: {"tablekit": {"still": true}}


def picture_html(svg: str, label: str, caption: str = "") -> str:
    """An SVG as an <img> (JupyterLab's sanitiser keeps data-URI images in untrusted notebooks, not
    inline SVG), with an optional caption line under it."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    image = f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(label)}" style="max-width:100%">'
    if not caption:
        return f"<div>{image}</div>"
    return f"<div>{image}<p><b>▶ {escape(caption)}</b></p></div>"


def still_bundle(live, svg: str, label: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A widget's mimebundle `live` (data, or (data, metadata), with its widget view) plus the still
    picture, the one-line "Run All to play" text, and the mark that lets stored copies drop the
    model id."""
    data, metadata = live if isinstance(live, tuple) else (live, {})
    line = gettext(RUN_ALL)
    data = {**data, "text/plain": line, "text/html": picture_html(svg, label, line)}
    return data, {**(metadata or {}), MARK: {"still": True}}


def drop_dead_widget_views(notebook: dict[str, Any]) -> int:
    """Remove the widget model id from every marked output of a notebook (a dict in nbformat 4
    shape), keeping its still picture. Returns how many outputs changed."""
    changed = 0
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []) or []:
            if output.get("metadata", {}).get(MARK, {}).get("still") and WIDGET_VIEW in output.get("data", {}):
                del output["data"][WIDGET_VIEW]
                changed += 1
    return changed


def pre_save_hook(model: dict[str, Any], **_kwargs) -> None:
    """Jupyter server pre-save hook: a saved notebook keeps its boards' still pictures, not model
    ids that no later session can show. The open document in the browser keeps its live boards."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        drop_dead_widget_views(model["content"])
