// The hub zones page's texts: part of the VPN catalogue (texts/), re-exported for its components.
export { ZONE_TEXTS } from './texts';
