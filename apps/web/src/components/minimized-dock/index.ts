export { MinimizedDock } from './minimized-dock';
export { MinimizedChip } from './minimized-chip';
