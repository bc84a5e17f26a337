import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Schema modules import `z` from here so `.openapi()` exists before any of them is evaluated.
extendZodWithOpenApi(z);

export { z };
