/** Texts of the applications screen: list, create (the secret shown once) and delete. */
export const applications = {
  list: {
    title: 'Aplicaciones',
    subtitle: 'Credenciales con las que los sistemas de tu compañía leen sus datos a través de la API',
    newApplication: 'Nueva aplicación',
    apiReference: 'Referencia de la API',
    apiReferenceHint: 'Abre la documentación de la API en una pestaña nueva',
    /** The reference page's own frame (served by the API around Swagger UI). */
    reference: {
      title: 'Referencia de la API de datos',
      loading: 'Cargando la referencia…',
      noscript: 'La referencia de la API necesita JavaScript. La descripción está en',
      language: 'Idioma',
    },
    tableLabel: 'Listado de aplicaciones',
    total: 'Total de aplicaciones: {n}',
    columns: {
      name: 'Nombre',
      clientId: 'Client ID',
      createdAt: 'Fecha de creación',
      actions: 'Acciones',
    },
    copy: 'Copiar',
    copied: 'Copiado',
    copyClientIdOf: 'Copiar el client ID de {name}',
    deleteOf: 'Eliminar la aplicación {name}',
    emptyTitle: 'Todavía no hay aplicaciones',
    emptyText:
      'Crea una aplicación para obtener un client ID y un client secret con los que tus sistemas pidan tokens a la API.',
    loadError: 'No se han podido cargar las aplicaciones',
    retry: 'Reintentar',
  },
  create: {
    title: 'Nueva aplicación',
    name: 'Nombre',
    namePlaceholder: 'Ej.: ERP de contabilidad',
    nameHint: 'Un nombre que la identifique; no puede repetirse en tu compañía',
    submit: 'Crear aplicación',
    cancel: 'Cancelar',
    created: 'Aplicación «{name}» creada',
  },
  secret: {
    title: 'Copia el client secret ahora',
    warning:
      'Es la única vez que verás el client secret de «{name}». Cópialo y guárdalo en un lugar seguro: no se puede volver a consultar. Si lo pierdes, rota el client secret en la pestaña «Secreto del cliente» de la aplicación para obtener uno nuevo.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    copyClientId: 'Copiar el client ID',
    copySecret: 'Copiar el client secret',
    copied: 'Copiado al portapapeles',
    copyFailed: 'No se ha podido copiar. Selecciona el texto y cópialo a mano',
    confirm: 'He copiado el secret',
    howTo: 'Con estas credenciales, pide un token en {url} (OAuth 2.0, client credentials).',
  },
  remove: {
    title: 'Eliminar aplicación',
    text: '¿Seguro que quieres eliminar la aplicación «{name}»?',
    consequence:
      'Los sistemas que la usan dejarán de tener acceso a la API de inmediato. Esta acción no se puede deshacer.',
    confirm: 'Eliminar',
    cancel: 'Cancelar',
    done: 'Aplicación «{name}» eliminada',
    failed: 'No se ha podido eliminar la aplicación',
  },
};
