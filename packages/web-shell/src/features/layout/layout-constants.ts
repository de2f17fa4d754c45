/** Side menu and header sizes (SPEC §2, §9). */
export const SIDE_MENU_WIDTH = 300;
export const SIDE_MENU_COLLAPSED_WIDTH = 70;
export const SIDE_MENU_BREAKPOINT = 'lg' as const;
export const HEADER_BORDER_WIDTH = 5;
