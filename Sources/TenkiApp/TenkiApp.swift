// Settings, routes, handlers.
