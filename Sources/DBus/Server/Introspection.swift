/// Introspection XML generated from interface declarations.
public enum Introspection {
    /// The document type every introspection document starts with.
    public static let doctype = """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    """

    /// A whole document: the interfaces of an object and its child nodes.
    public static func document(interfaces: [Interface], children: [String]) -> String {
        var xml = doctype + "\n<node>\n"
        for interface in interfaces {
            xml += element(for: interface.shape, indent: " ")
        }
        for child in children {
            xml += " <node name=\"\(escape(child))\"/>\n"
        }
        return xml + "</node>\n"
    }

    /// One `<interface>` element, with every method, signal and property and their argument names.
    public static func element(for interface: InterfaceShape, indent: String = " ") -> String {
        let inner = indent + " "
        var xml = "\(indent)<interface name=\"\(escape(interface.name))\">\n"
        let doc = { (member: String) -> String in
            interface.documentation[member].map { "\(inner) <annotation name=\"org.gtk.GDBus.DocString\" value=\"\(escape($0))\"/>\n" } ?? ""
        }
        if let summary = interface.documentation[""] {
            xml += "\(inner)<annotation name=\"org.gtk.GDBus.DocString\" value=\"\(escape(summary))\"/>\n"
        }
        for method in interface.methods {
            xml += "\(inner)<method name=\"\(escape(method.name))\">\n"
            for argument in method.inputs {
                xml += "\(inner) <arg name=\"\(escape(argument.name))\" type=\"\(escape(argument.type.signature))\" direction=\"in\"/>\n"
            }
            for argument in method.outputs {
                xml += "\(inner) <arg name=\"\(escape(argument.name))\" type=\"\(escape(argument.type.signature))\" direction=\"out\"/>\n"
            }
            for annotation in method.annotations {
                xml += "\(inner) <annotation name=\"\(escape(annotation.name))\" value=\"\(escape(annotation.value))\"/>\n"
            }
            xml += doc(method.name)
            xml += "\(inner)</method>\n"
        }
        for signal in interface.signals {
            xml += "\(inner)<signal name=\"\(escape(signal.name))\">\n"
            for argument in signal.arguments {
                xml += "\(inner) <arg name=\"\(escape(argument.name))\" type=\"\(escape(argument.type.signature))\"/>\n"
            }
            xml += doc(signal.name)
            xml += "\(inner)</signal>\n"
        }
        for property in interface.properties {
            let opening = "\(inner)<property name=\"\(escape(property.name))\" type=\"\(escape(property.type.signature))\" access=\"\(property.access.rawValue)\""
            let annotations = (property.emitsChanged == .true ? "" : "\(inner) <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(property.emitsChanged.rawValue)\"/>\n")
                + doc(property.name)
            xml += annotations.isEmpty ? opening + "/>\n" : opening + ">\n" + annotations + "\(inner)</property>\n"
        }
        return xml + "\(indent)</interface>\n"
    }

    /// A standalone document holding one interface, as installed under
    /// `share/dbus-1/interfaces`.
    public static func interfaceDocument(_ interface: InterfaceShape) -> String {
        doctype + "\n<node>\n" + element(for: interface) + "</node>\n"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
