// The canvas's own layout and label placement (lib/tree-layout.js, lib/tree-draw.js), handed
// to views/tree-canvas.js: imported by the views that draw trees the core does not place (a
// game's search), and loaded by <ply-tree> for a game only. A figure of an explicit tree's
// search, an MCTS tree or an exercise draws the core's placement and leaves these out of its
// page.

import * as layout from '../lib/tree-layout.js';
import * as draw from '../lib/tree-draw.js';
import { provideOwnLayout } from './tree-canvas.js';

provideOwnLayout(layout, draw);

export { layout, draw };
