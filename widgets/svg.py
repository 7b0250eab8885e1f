"""Small SVG helpers shared by the still pictures of every game (byte-stable output)."""

from __future__ import annotations

from html import escape

FONT = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'"


class Picture:
    """An SVG picture; Jupyter shows it through `_repr_svg_`."""

    def __init__(self, svg: str, name: str = "picture"):
        self.svg, self.name = svg, name

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:  # an untrusted notebook (one not yet run) shows HTML, never SVG
        from .still import picture_html

        return picture_html(self.svg, self.name)

    def __repr__(self) -> str:
        return f"<{self.name}>"


def attr(value) -> str:
    """A value made safe to stand between quotes in SVG (or HTML): every value that comes from data
    (a component file's colour, a name, a rule) goes through here or `text`, so that no file can put
    markup, an event handler or a script into a picture."""
    return escape(str(value), quote=True)


def text(x, y, content, size=12, anchor="start", weight="normal", fill="#1b1b1b") -> str:
    return (
        f"<text x='{x:g}' y='{y:g}' {FONT} font-size='{attr(size)}' font-weight='{attr(weight)}' "
        f"text-anchor='{attr(anchor)}' fill='{attr(fill)}'>{escape(str(content))}</text>"
    )


def rect(x, y, width, height, fill, stroke="#3a3a3a", radius=5, extra="") -> str:
    """`extra`: further attributes written by the picture itself (never data)."""
    return (
        f"<rect x='{x:g}' y='{y:g}' width='{width:g}' height='{height:g}' rx='{attr(radius)}' fill='{attr(fill)}' "
        f"stroke='{attr(stroke)}'{(' ' + extra) if extra else ''}/>"
    )


def title(content) -> str:
    """A tooltip: the `<title>` of the group it opens."""
    return f"<title>{escape(str(content))}</title>"


def document(width: int, height: int, body: list[str], label: str, background: str = "#f6f1e4") -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
        f"role='img' aria-label='{attr(label)}'>\n"
        f"<rect width='{width}' height='{height}' rx='8' fill='{attr(background)}' stroke='#c9bfa6'/>\n"
        + "\n".join(body)
        + "\n</svg>"
    )
