import '@testing-library/jest-dom';

// jsdom has no layout and no canvas; it reports calls to them as console errors. The pages scroll to
// the top on a step change and axe probes a canvas; in jsdom both are no-ops, said once here so test
// runs print nothing on success.
window.scrollTo = () => {};
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
