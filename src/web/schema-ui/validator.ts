import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_RECORD_OPTIONS, addRecordFormats } from '../../shared/formats';

/**
 * The one rjsf validator: the server's ajv options and exactly its formats (no ajv-formats
 * defaults), so the browser accepts and rejects what the server does (shared/formats.ts).
 */
export const validator = customizeValidator({
  ajvOptionsOverrides: AJV_RECORD_OPTIONS,
  ajvFormatOptions: false,
  extenderFn: addRecordFormats,
});
