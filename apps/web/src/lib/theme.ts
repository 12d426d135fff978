/** The college red, for what styles itself in script (antd's theme, chart colours); layout.css's --brand is the same colour. */
export const BRAND = '#a61b1b';
