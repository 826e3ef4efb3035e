export { Button, type ButtonProps, buttonClass } from './Button.tsx';
export * from './constants.ts';
export { Drawer, type DrawerCloseReason, type DrawerProps, type DrawerSide } from './Drawer.tsx';
export { dragOffset, releaseVelocity, shouldClose } from './drawer-gesture.ts';
export { lockScroll, requestIdle, useIsMobile, useMediaQuery } from './hooks.ts';
export { Image, type ImageProps, type ImageState, naturalSize } from './Image.tsx';
export { buildResponsiveSrcSet, buildSrcSet, densitiesFor, placeholderUrl } from './image-url.ts';
export { LoadingBar } from './LoadingBar.tsx';
export {
  TextInput,
  type TextInputError,
  type TextInputProps,
  type TextInputType,
  type ValidationStatus,
  type ValidationTag,
} from './TextInput.tsx';
export { Tooltip, TooltipButton, type TooltipProps, tooltipOptions } from './Tooltip.tsx';
export { computeTooltipPosition, resolvePopoverContainer } from './tooltip-position.ts';
