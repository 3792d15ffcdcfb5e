import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type TextRef, type TypeGroup, transactionTypeRef, typeNameRef } from '../lib/type-names';

/** Translated names of type codes, following the current language. */
export function useTypeNames() {
  const { t } = useTranslation();
  const text = useCallback((ref: TextRef) => String(t(ref.key as never, ref.params as never)), [t]);
  return {
    typeName: useCallback((group: TypeGroup, code: string) => text(typeNameRef(group, code)), [text]),
    transactionType: useCallback((code: number) => text(transactionTypeRef(code)), [text]),
  };
}
