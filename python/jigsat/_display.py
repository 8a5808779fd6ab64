"""How a Solution shows itself in Jupyter and in matplotlib (called from
the native module's ``Solution._repr_html_`` and ``Solution.plot``)."""

import html


def repr_html(solution):
    """The solution's page (the box to turn in the hand), in an iframe so
    that its style and script stay its own inside a notebook."""
    return (
        '<iframe class="jigsat" title="{}" style="width: 100%; height: 640px; border: 0" '
        'sandbox="allow-scripts" srcdoc="{}"></iframe>'.format(
            html.escape(solution.puzzle_name, quote=True),
            html.escape(solution.html(), quote=True),
        )
    )


def plot(solution, ax=None, **kwargs):
    """Draws the solution with matplotlib's ``voxels``, one colour per
    piece, on ``ax`` (a 3-D axes; a new figure's when None)."""
    try:
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError as e:
        raise ImportError("Solution.plot needs matplotlib: pip install matplotlib") from e
    placements = solution.placements
    # Flat boards give (x, y): one layer.
    cells = [tuple(c) + (0,) * (3 - len(c)) for _, cs in placements for c in cs]
    lo = [min(c[a] for c in cells) for a in range(3)]
    hi = [max(c[a] for c in cells) for a in range(3)]
    shape = tuple(hi[a] - lo[a] + 1 for a in range(3))
    filled = np.zeros(shape, dtype=bool)
    colours = np.empty(shape, dtype=object)
    cmap = plt.get_cmap("tab20")
    for k, (_, cs) in enumerate(placements):
        for c in cs:
            c = tuple(c) + (0,) * (3 - len(c))
            # y is the row, drawn top down; z the layer, drawn bottom up.
            at = (c[0] - lo[0], hi[1] - c[1], c[2] - lo[2])
            filled[at] = True
            colours[at] = cmap(k % 20)
    if ax is None:
        ax = plt.figure().add_subplot(projection="3d")
    kwargs.setdefault("edgecolor", "k")
    ax.voxels(filled, facecolors=colours, **kwargs)
    ax.set_title(solution.puzzle_name)
    return ax
