/**
 * Leaflet puts a string tooltip into the page as HTML. Map labels carry user-entered names (a
 * device's name), so they go in as a text node: markup in a name stays text even if a name rule
 * ever lets it through (issue 23, stored XSS).
 */
export const tooltipText = (label: string): HTMLElement => {
  const element = document.createElement('span');
  element.textContent = label;
  return element;
};
