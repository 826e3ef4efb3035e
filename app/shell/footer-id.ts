/** The footer element's id: the shell loads the footer's code when this element nears the viewport. */
export const FOOTER_ID = 'site-footer';
