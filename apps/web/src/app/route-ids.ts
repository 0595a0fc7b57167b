/** The id of the layout route that guards every signed-in page. */
export const PROTECTED_ROUTE_ID = 'protected';
