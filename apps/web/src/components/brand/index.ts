// The brand this console was built for (spec §1 Brand configuration): shared by the app layer and
// the features (the auth pages' frame, branded device names).
export { buildBrand, LOGO_TARGET, type BrandAssets, type LoadedBrand } from './brand';
export { BrandProvider, useBrand } from './brand-context';
export { BrandLogo } from './brand-logo';
export { brandSchema, type Brand, type BrandedDevice } from './brand-schema';
export { brandTheme } from './brand-theme';
export { brandedModel, brandedModelImage, brandedSeries } from './branded-devices';
export { BrandedModel } from './branded-model';
