import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { BankBranchField } from './fields/BankBranchField';
import { GridObjectTemplate } from './templates/GridObjectTemplate';
import { DateOrLongTermWidget } from './widgets/DateOrLongTermWidget';
import { DateWidget } from './widgets/DateWidget';
import { EnumWidget } from './widgets/EnumWidget';
import { IndustryWidget } from './widgets/IndustryWidget';
import { MoneyWidget } from './widgets/MoneyWidget';
import { NormalisedInputWidget } from './widgets/NormalisedInputWidget';
import { RegionWidget } from './widgets/RegionWidget';
import { SmsCodeWidget } from './widgets/SmsCodeWidget';
import { TextareaWidget } from './widgets/TextareaWidget';
import { UploadWidget } from './widgets/UploadWidget';

// Every custom widget, registered once: uiSchema.ts picks them by name from x-kind and format.

export const widgets: RegistryWidgetsType = {
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
};

export const fields: RegistryFieldsType = {
  bankBranch: BankBranchField,
};

export const templates = {
  ObjectFieldTemplate: GridObjectTemplate,
};
