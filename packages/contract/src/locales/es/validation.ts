export const validation = {
  required: 'Este campo es requerido',
  invalid: 'El valor no es válido',
  blank: 'Este campo no puede estar en blanco',
  email: 'El email no es válido',
  url: 'La URL no es válida',
  invalidCharacter: 'Carácter inválido {character}',
  maxLength: 'Demasiado largo. Puede tener como máximo {n} caracteres',
  minLength: 'Demasiado corto. Debe tener como mínimo {n} caracteres',
  password:
    'La contraseña debe tener al menos 8 caracteres y contener mayúsculas, minúsculas y un número y/o un símbolo',
  passwordsMatch: 'Las contraseñas no coinciden',
  permissionRequired: 'Elige al menos una sección a la que pueda acceder',
  dateOrder: 'La fecha desde debe ser menor o igual que la fecha hasta',
  exportClients: 'Elige al menos un cliente',
  exportEntities: 'Los clientes elegidos necesitan entidades: elige al menos una',
  exportColumns: 'Elige al menos una columna',
  exportTooManyClients: 'La búsqueda abarca más de {n} clientes: acótala para exportarlos',
  /** How {character} reads in invalidCharacter: quoted, and named when it cannot be seen. */
  character: {
    quoted: '«{character}»',
    space: 'espacio',
    nbsp: 'espacio de no separación',
    tab: 'tabulador',
    lineBreak: 'salto de línea',
    invisible: 'carácter invisible {code}',
  },
};
