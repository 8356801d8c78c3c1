import type { UsdmOrigin } from '@ctp/contracts';

/** The USDM object a proposed item came from. */
export const originOf = (o: { id?: string | null; name?: string | null; instanceType: string }): UsdmOrigin => ({
  id: o.id ?? '',
  name: o.name ?? '',
  instanceType: o.instanceType,
});
