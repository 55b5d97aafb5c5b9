import type { ThemeProps } from '@rjsf/core';
import { generateTemplates } from '@rjsf/antd/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/antd/lib/widgets/CheckboxesWidget/index.js';
import CheckboxWidget from '@rjsf/antd/lib/widgets/CheckboxWidget/index.js';
import PasswordWidget from '@rjsf/antd/lib/widgets/PasswordWidget/index.js';
import SelectWidget from '@rjsf/antd/lib/widgets/SelectWidget/index.js';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { FieldKindUiField, FieldKindWidget } from '../../shared/resources/fieldKinds';
import { BankBranchField } from './fields/BankBranchField';
import { GridObjectTemplate } from './templates/GridObjectTemplate';
import { CounterpartyWidget } from './widgets/CounterpartyWidget';
import { DateOrLongTermWidget } from './widgets/DateOrLongTermWidget';
import { DateWidget } from './widgets/DateWidget';
import { EnumWidget } from './widgets/EnumWidget';
import { IndustryWidget } from './widgets/IndustryWidget';
import { MoneyWidget } from './widgets/MoneyWidget';
import { NormalisedInputWidget } from './widgets/NormalisedInputWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { ReferenceWidget } from './widgets/ReferenceWidget';
import { RegionWidget } from './widgets/RegionWidget';
import { SmsCodeWidget } from './widgets/SmsCodeWidget';
import { TextareaWidget } from './widgets/TextareaWidget';
import { UploadWidget } from './widgets/UploadWidget';

// Every custom widget, registered once: uiSchema.ts picks them by name, the name a field kind
// gives in the field-kind registry (src/shared/resources/fieldKinds.ts) or a format's. A kind
// naming a widget or field missing here does not type-check.
// The antd theme is assembled from the parts record forms use rather than taken whole: its
// slider, radio and alternative date widgets would add ~25 KB gzip to every form page.

export const widgets = {
  money: MoneyWidget,
  date: DateWidget,
  enum: EnumWidget,
  textarea: TextareaWidget,
  region: RegionWidget,
  industry: IndustryWidget,
  normalised: NormalisedInputWidget,
  smsCode: SmsCodeWidget,
  upload: UploadWidget,
  dateOrLongTerm: DateOrLongTermWidget,
  counterparty: CounterpartyWidget,
  reference: ReferenceWidget,
  // Every number and integer field (uiSchema.ts), in place of rjsf's clamping InputNumber.
  number: NumberWidget,
} satisfies Record<FieldKindWidget, RegistryWidgetsType[string]> & RegistryWidgetsType;

export const fields = {
  bankBranch: BankBranchField,
} satisfies Record<FieldKindUiField, RegistryFieldsType[string]> & RegistryFieldsType;

export const theme: ThemeProps = {
  templates: { ...generateTemplates(), ObjectFieldTemplate: GridObjectTemplate },
  widgets: {
    CheckboxWidget,
    CheckboxesWidget,
    PasswordWidget,
    SelectWidget,
    TextareaWidget,
    DateWidget,
    ...widgets,
  },
};
