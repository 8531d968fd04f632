// The spec's shared texts (§2, §5, §8) come from @netfleet/contracts so the server and its tests
// use the same English; the web shows them through this catalogue.
import { MESSAGES } from '@netfleet/contracts';

export const en = MESSAGES;
