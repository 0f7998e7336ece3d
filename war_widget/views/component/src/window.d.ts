// What the table component keeps on the page's window (for `tsc --checkJs`, npm run typecheck):
// plotly.js once per page (chart.js loadPlotly) and an AMD loader it hides meanwhile; the part of
// plotly.js the tables call.
export {};

declare global {
  /** The part of plotly.js the War and Casino War charts use (the figures are Plotly's own JSON). */
  interface WarPlotly {
    /** draw the chart in `root` anew (data: the traces; layout; config) */
    react(root: HTMLElement, data: object[], layout: object, config?: object): Promise<unknown>;
    /** move the traces' points (`frame`: {data, traces}) without a redraw */
    animate(root: HTMLElement, frame: object, options?: object): Promise<unknown>;
    relayout(root: HTMLElement, update: object): Promise<unknown>;
  }

  /** A click on a point of a chart (Plotly's plotly_click event: the trace and the x of each point). */
  interface WarPlotlyClick {
    points?: { x: number; curveNumber: number }[];
  }

  /** A div once Plotly drew a chart in it: it tells clicks on the chart's points. */
  interface WarPlotlyDiv extends HTMLDivElement {
    on(event: "plotly_click", handler: (data: WarPlotlyClick | undefined) => void): void;
  }

  interface Window {
    /** plotly.js, once it has run on the page */
    Plotly?: WarPlotly;
    /** the one pending load of plotly.js that every table of the page waits for */
    __warWidgetPlotly?: Promise<WarPlotly> | null;
    /** an AMD loader (RequireJS) of the page, hidden while plotly.js runs */
    define?: unknown;
  }
}
