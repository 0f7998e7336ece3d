"""The War table as a marimo app: `marimo run classroom/app.py` (one table, no code shown)."""
import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo

    from war_widget import WarWidget

    table = mo.ui.anywidget(WarWidget())
    table  # noqa: B018 (marimo shows the last expression of a cell)
    return


if __name__ == "__main__":
    app.run()
