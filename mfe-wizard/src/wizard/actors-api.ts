// The route table from web-kit, the shell's copy, so step 1 does not fetch one of its own.
import { API_ROUTES, callApi } from '@lipcast/web-kit';

// Step 1's requests, apart from the generation code of steps 2 and 3 (generation-api.ts), which is
// fetched with those steps rather than with the signed-in `/` (issue 38, item 2).
export const fetchActors = () => callApi(API_ROUTES.actors);
/** The signed-in creator's own actors (issue 35), made in the Creator. */
export const fetchOwnActors = () => callApi(API_ROUTES.ownActors);
