/** Custom CSS editor (/custom-css). */
export const customCss = {
  subtitle: 'Estilos propios para las páginas de conexión y de Links que ven tus clientes',
  editorLabel: 'CSS personalizado',
  editorHelp:
    'Se aplica a las páginas de conexión y de Links. Antes de publicarlo se eliminan las reglas que cargan archivos (solo se permiten imágenes y fuentes data:), ejecutan código o podrían leer lo que se escribe en los formularios. Máximo 64 KB.',
  save: 'Guardar',
  saved: 'CSS guardado',
  savedWithRemovals_one: 'CSS guardado. Se ha eliminado {count} regla no permitida',
  savedWithRemovals_other: 'CSS guardado. Se han eliminado {count} reglas no permitidas',
  loadError: 'No se ha podido cargar el CSS',
  size: '{size} de 64 KB',
  tooLarge: 'El CSS supera los 64 KB',
  unsaved: 'Cambios sin guardar',
  lastSaved: 'Guardado el {date}',
  conflictTitle: 'Otra persona ha guardado el CSS mientras lo editabas',
  conflictText: 'Tu texto sigue en el editor. Revísalo y vuelve a guardar para sustituir el suyo.',
  removedTitle: 'Eliminado de las páginas públicas',
  removedIntro: 'Estas partes del CSS guardado no se aplican:',
  noneRemoved: 'Todo el CSS guardado se aplica a las páginas públicas.',
  removedAt: 'Línea {line}, columna {column}',
  goToLine: 'Ir a la línea {line}',
  reasons: {
    import: '@import no está permitido: cargaría otra hoja de estilos',
    at_rule: 'Esta regla @ no está permitida',
    url: 'Solo se permiten imágenes y fuentes data: (cualquier otra URL, aunque sea de este sitio, es una petición que haría la página)',
    expression: 'expression() no está permitido: ejecuta código',
    binding: '-moz-binding y behavior no están permitidos: ejecutan código',
    input_selector:
      'No se permiten selectores de atributo en campos de formulario ni sobre value: podrían leer lo que se escribe',
    invalid: 'CSS que no se ha podido interpretar',
    attribute_selector:
      'Solo se permiten selectores de atributo sobre type, dir, lang, role, disabled y algunos estados aria-* y data-*: los demás podrían leer o señalar lo que se escribe',
    unicode_range:
      'unicode-range no está permitido: una fuente por carácter revelaría qué caracteres se escriben',
  },
  hooks: {
    title: 'Clases para tus reglas',
    intro:
      'Las páginas de conexión y de Links llevan estas clases en cada versión. Úsalas en tus reglas: las demás clases de la página cambian con cada versión. Tus reglas se aplican por encima de los estilos de los componentes; para cambiar una parte concreta, usa su clase.',
    className: 'Clase',
    part: 'Parte de la página',
    parts: {
      page: 'La página entera (su fondo)',
      content: 'La columna del formulario',
      brand: 'El panel con el nombre de tu compañía',
      brandName: 'El nombre de tu compañía en ese panel',
      title: 'El título de cada paso',
      subtitle: 'El texto bajo el título',
      progress: 'Los pasos del proceso',
      institution: 'Cada entidad de la lista para elegir',
      label: 'La etiqueta de cada campo',
      input: 'Cada campo de texto y contraseña (su foco: :focus-within)',
      button: 'El botón principal de cada paso',
    },
    example: 'Por ejemplo:',
  },
};
